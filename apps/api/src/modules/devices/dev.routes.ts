import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findDeviceOwner } from './devices.service.js';

const DeviceOwnerQuery = z.object({ token: z.string().trim().min(1).max(4096) });
const DeviceOwnerResponse = z.object({
  personUserId: z.number().int().nullable().describe('The member the token is registered to; null: nobody'),
});

/**
 * Development only (registered outside production, like the outbox viewer), under prefix `/api`:
 * `GET /api/dev/device?token=` answers to whom a push token is registered, `{ personUserId }`
 * (null when to nobody), so browser tests can check that logout on a shared phone removed the
 * member's registration and the next member's sign-in made their own (issue 14).
 */
export const devDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.env === 'production') return;
  app.get(
    '/dev/device',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getDevDevice',
        summary: 'Development only: to whom a push token is registered',
        tags: ['development'],
        querystring: DeviceOwnerQuery,
        response: { 200: DeviceOwnerResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { personUserId: await findDeviceOwner(app.db, request.query.token) };
    },
  );
};
