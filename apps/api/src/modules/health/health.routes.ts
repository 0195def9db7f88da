import { ErrorResponse, HealthResponse, ReadinessResponse } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth, checkReadiness } from './health.service.js';

/**
 * Under prefix `/api` (README "Deployment"):
 * - `GET /api/health` (liveness): 200 `HealthResponse` when the database answers, 503 `ErrorResponse` otherwise;
 * - `GET /api/ready` (readiness): 200 `ReadinessResponse` when the database and, with `REDIS_URL`, Redis
 *   answer; 503 `ErrorResponse` otherwise, and once the process is shutting down (Fastify answers
 *   503 to every request while it closes).
 * @param options.pingRedis the process's Redis ping (from `installRateLimits`); undefined without Redis
 */
export const healthRoutes: FastifyPluginAsyncZod<{ pingRedis: (() => Promise<void>) | undefined }> = async (
  app,
  options,
) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getHealth',
        summary: 'Health check (answers 200 only when the database answers)',
        tags: ['system'],
        response: { 200: HealthResponse, 503: ErrorResponse },
      },
    },
    async () => checkHealth(app.db),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getReadiness',
        summary: 'Readiness check (200 only when the database and Redis, if used, answer)',
        description: 'For load balancers and orchestrators: send traffic only while this answers 200.',
        tags: ['system'],
        response: { 200: ReadinessResponse, 503: ErrorResponse },
      },
    },
    async () => checkReadiness(app.db, options.pingRedis),
  );
};
