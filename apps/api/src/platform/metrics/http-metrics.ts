import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The `route` label of a request no route matched (404s, the web apps' page fallbacks). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: from 5 ms to 10 s, enough resolution around the p99 targets of docs/operations.md. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route pattern of a request (`/api/v1/claims/:id`), never its URL: a URL may hold an ID
 * number or another id, and every distinct one would be a new series.
 */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** `2xx`, `3xx`, `4xx` or `5xx` for an HTTP status. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * RED metrics of every answered request (issue 37 item 1), labelled by `method`, `route` (the
 * pattern, `unmatched` without one) and `status_class`: `http_requests_total` (a counter) and
 * `http_request_duration_seconds` (a histogram, seconds from the request's arrival to the end of
 * its answer). Install on the root instance before the routes are registered.
 */
export function installHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request in seconds, by method, route pattern and status class.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request), status_class: statusClass(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
