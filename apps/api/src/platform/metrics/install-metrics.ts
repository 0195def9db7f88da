import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { backlogMetrics, type CountWebhookDeliveries } from './backlog-metrics.js';
import { businessGauges, type CountClaimMoves } from './business-gauges.js';
import { installHttpMetrics } from './http-metrics.js';
import { jobQueueMetrics } from './job-queue-metrics.js';
import { hasMetricsToken, isLoopback, metricsAccess } from './metrics-access.js';
import { startMetricsListener } from './metrics-listener.js';
import { poolMetrics } from './pool-metrics.js';
import { readinessMetric } from './readiness-metric.js';
import { createMetricsRegistry, metricsText } from './registry.js';
import { registerScrapedMetric } from './scraped-metric.js';

/** What the metrics read from the modules that own the data (given by app.ts, from their index.ts). */
export interface MetricsSources {
  /** The webhooks module's delivery counts. */
  countWebhookDeliveries: CountWebhookDeliveries;
  /** The benefit-claims module's counts of claims moved to submitted, approved and paid. */
  countClaimMoves: CountClaimMoves;
  /** The process's Redis ping (from `installRateLimits`); undefined without Redis. */
  pingRedis: (() => Promise<void>) | undefined;
}

/**
 * Prometheus metrics (issue 37 item 1, decision 053): RED metrics of every request (install before
 * the routes), Node's process metrics, the job queues, backlogs, pool, readiness and business
 * counts, read on scrape. Serves them at `GET /api/metrics` (text format 0.0.4) as
 * `config.metrics` allows (`metricsAccess`): with `METRICS_TOKEN`, 401 `{ message }` without
 * `Authorization: Bearer <token>`; in production without it, 404; elsewhere without it, loopback
 * callers only (404 for others). With `METRICS_PORT`, also on a listener of its own
 * (`startMetricsListener`), started when the app is ready and closed with it.
 */
export function installMetrics(app: FastifyInstance, sources: MetricsSources): void {
  const registry = createMetricsRegistry();
  installHttpMetrics(app, registry);
  const scraped = [
    ...jobQueueMetrics(app.db),
    ...backlogMetrics(app.db, sources.countWebhookDeliveries),
    ...poolMetrics(app.db),
    readinessMetric(app.db, sources.pingRedis),
    ...businessGauges(app.db, sources.countClaimMoves),
  ];
  for (const metric of scraped) registerScrapedMetric(registry, app.log, metric);

  const { metrics } = app.config;
  const access = metricsAccess(metrics, app.config.env);
  app.get('/api/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (access === 'closed') throw new AppError('not_found', 'Not found.');
    if (access === 'loopback' && !isLoopback(request.socket.remoteAddress)) {
      throw new AppError('not_found', 'Not found.');
    }
    if (access === 'token' && !hasMetricsToken(metrics.token as string, request.headers.authorization)) {
      throw new AppError('unauthenticated', 'A valid metrics token is required.', undefined, {
        code: 'metrics_token_required',
        headers: { 'www-authenticate': 'Bearer' },
      });
    }
    const { body, contentType } = await metricsText(registry);
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });

  const port = metrics.port;
  if (port === undefined) return;
  let listener: Server | undefined;
  app.addHook('onReady', async () => {
    listener = await startMetricsListener({ host: metrics.host, port, token: metrics.token, registry, log: app.log });
  });
  app.addHook('onClose', async () => {
    const closing = listener;
    listener = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  });
}
