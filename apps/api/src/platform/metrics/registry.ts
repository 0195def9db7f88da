import { collectDefaultMetrics, Registry } from 'prom-client';
import { businessCounters } from './business-counters.js';

/**
 * A metrics registry for one server: Node's process metrics (CPU, memory, heap, handles, GC,
 * event-loop lag as `nodejs_eventloop_lag_seconds` and its percentiles) in a registry of its own,
 * so that two servers in one process (tests) do not share gauges bound to their databases. The
 * process-wide business counters (`business-counters.ts`) are read with it by `metricsText`.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  // Event-loop lag sampled every 10 ms (prom-client's default precision).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  return registry;
}

/**
 * The Prometheus text exposition (format 0.0.4) of `registry` and the business counters.
 * @returns the body and its content type
 */
export async function metricsText(registry: Registry): Promise<{ body: string; contentType: string }> {
  const merged = Registry.merge([registry, businessCounters]);
  return { body: await merged.metrics(), contentType: registry.contentType };
}
