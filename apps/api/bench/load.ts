import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import autocannon from 'autocannon';

/** Load generator settings. */
export interface LoadOptions {
  /** Concurrent keep-alive connections. */
  connections: number;
  /** Measured run, in seconds. */
  durationSeconds: number;
  /** Sent with every request (e.g. a staff bearer token). */
  headers?: Record<string, string>;
}

/** What one measured run gave. */
export interface LoadRun {
  /** Mean of autocannon's per-second samples, in requests/s. */
  requestsPerSecond: number;
  totalRequests: number;
  /** Answers other than 2xx, plus connection errors and timeouts; should be 0. */
  failures: number;
  /** Every response's latency, in microseconds (autocannon's own percentiles are whole ms). */
  latencyMicros: RecordableHistogram;
}

/** The figures of one target over one or more runs. */
export interface LoadFigures {
  /** Mean over the runs, in requests/s. */
  requestsPerSecond: number;
  /** Median latency, in ms. */
  p50Ms: number;
  /** 95th percentile latency, in ms. */
  p95Ms: number;
  /** 99th percentile latency, in ms. */
  p99Ms: number;
  /** Mean latency, in ms. */
  meanMs: number;
  totalRequests: number;
  failures: number;
}

/** Combines runs of one target: mean requests/s, latency percentiles (ms) over every response. */
export function summarizeRuns(runs: readonly LoadRun[]): LoadFigures {
  const latency = createHistogram();
  for (const run of runs) latency.add(run.latencyMicros);
  const sum = (pick: (run: LoadRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    requestsPerSecond: sum((run) => run.requestsPerSecond) / runs.length,
    p50Ms: latency.percentile(50) / 1000,
    p95Ms: latency.percentile(95) / 1000,
    p99Ms: latency.percentile(99) / 1000,
    meanMs: latency.mean / 1000,
    totalRequests: sum((run) => run.totalRequests),
    failures: sum((run) => run.failures),
  };
}

/**
 * Runs autocannon against `origin`, each request the next of `paths` (round robin, shared by all
 * connections, so consecutive requests search different ID numbers).
 */
export async function runLoad(origin: string, paths: readonly string[], options: LoadOptions): Promise<LoadRun> {
  let next = 0;
  const latencyMicros = createHistogram();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: options.connections,
        duration: options.durationSeconds,
        ...(options.headers ? { headers: options.headers } : {}),
        requests: [
          {
            setupRequest: (request) => {
              next = (next + 1) % paths.length;
              return { ...request, path: paths[next] };
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTimeMs) => {
      latencyMicros.record(Math.max(1, Math.round(responseTimeMs * 1000)));
    });
  });
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    latencyMicros,
  };
}
