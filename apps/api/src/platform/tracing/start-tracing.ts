import { tracingSettings } from './tracing-settings.js';

/** Traces of this process: whether they are on, and how to send the last ones before exiting. */
export interface Tracing {
  enabled: boolean;
  /** Exports the spans still buffered and stops the SDK; does nothing when tracing is off. */
  stop(): Promise<void>;
}

/**
 * Starts OpenTelemetry traces when the OTEL_* variables ask for them (`tracingSettings`; off by
 * default, decision 054). The entry point (main.ts) calls it before it imports the server, so the
 * instrumentations' `require` hooks see fastify, pg and ioredis load (all three are CommonJS, also
 * when imported from our ES modules; an ES-only package would need import-in-the-middle's loader
 * hook). When off, no SDK module is loaded.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
  const settings = tracingSettings(env);
  if (!settings.enabled) return { enabled: false, stop: async () => undefined };
  const { startTracingSdk } = await import('./tracing-sdk.js');
  const sdk = startTracingSdk(settings);
  return { enabled: true, stop: () => sdk.shutdown() };
}
