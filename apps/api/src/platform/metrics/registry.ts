import { collectDefaultMetrics, Registry } from 'prom-client';
import { businessCounters } from './business-counters.js';

let processMetrics: Registry | undefined;

/**
 * Node's process metrics (CPU, memory, heap, handles, GC, event-loop lag as
 * `nodejs_eventloop_lag_seconds` and its percentiles), collected once per process however many
 * servers it builds (tests build many; each collection would start its own event-loop monitor
 * and GC observer).
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    // Event-loop lag sampled every 10 ms (prom-client's default precision).
    collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: 10 });
  }
  return processMetrics;
}

/**
 * A metrics registry for one server, for the metrics bound to it (its requests, its database), so
 * that two servers in one process (tests) do not share them. The process's own metrics and the
 * process-wide business counters (`business-counters.ts`) are added by `metricsText`.
 */
export function createMetricsRegistry(): Registry {
  processRegistry();
  return new Registry();
}

/**
 * The Prometheus text exposition (format 0.0.4) of `registry`, Node's process metrics and the
 * business counters.
 * @returns the body and its content type
 */
export async function metricsText(registry: Registry): Promise<{ body: string; contentType: string }> {
  const merged = Registry.merge([registry, processRegistry(), businessCounters]);
  return { body: await merged.metrics(), contentType: registry.contentType };
}
