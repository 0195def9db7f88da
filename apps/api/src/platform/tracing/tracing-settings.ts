import { z } from 'zod';

/** Whether traces are exported, and under which service name (decision 054). */
export interface TracingSettings {
  enabled: boolean;
  /** `service.name` of every span: OTEL_SERVICE_NAME, or `bcp-api`. */
  serviceName: string;
}

const setting = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const tracingEnv = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: setting,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: setting,
  OTEL_SDK_DISABLED: setting,
  OTEL_TRACES_EXPORTER: setting,
  OTEL_SERVICE_NAME: setting,
});

/**
 * Reads the standard OTEL_* variables (docs/configuration.md "Traces"). Tracing is off unless an
 * OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); it
 * stays off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none. Never throws: a variable that
 * is not a string counts as unset.
 */
export function tracingSettings(env: NodeJS.ProcessEnv): TracingSettings {
  const parsed = tracingEnv.safeParse(env);
  const values = parsed.success ? parsed.data : tracingEnv.parse({});
  const endpoint = values.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? values.OTEL_EXPORTER_OTLP_ENDPOINT;
  const disabled = values.OTEL_SDK_DISABLED?.toLowerCase() === 'true';
  const noExporter = values.OTEL_TRACES_EXPORTER?.toLowerCase() === 'none';
  return {
    enabled: endpoint !== undefined && !disabled && !noExporter,
    serviceName: values.OTEL_SERVICE_NAME ?? 'bcp-api',
  };
}
