import { ErrorResponse, HealthResponse } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth } from './health.service.js';

/** `GET /api/health`: 200 `HealthResponse` when the database answers, 503 `ErrorResponse` otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Health check (answers 200 only when the database answers)',
        tags: ['system'],
        response: { 200: HealthResponse, 503: ErrorResponse },
      },
    },
    async () => checkHealth(app.db),
  );
};
