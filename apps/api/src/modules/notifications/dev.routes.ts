import { ErrorResponse } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireBeneficiary } from '../../platform/auth/route-access.js';
import { notifyPersonUser } from './notify.service.js';

const DevNotificationRequest = z.object({
  title: z.string().trim().min(1).max(200).default('Test notification'),
  body: z.string().max(5000).default('<p>This is a <strong>test</strong> notification.</p>'),
});

/**
 * Development only (registered outside production, like the outbox viewer), under prefix `/api`:
 * `POST /api/dev/notifications` notifies the signed-in member themself (event `dev.test`) through
 * the real `notifyPersonUser`, so the whole delivery can be tried (and browser-tested) without a
 * claim. 201 `{ notificationId }`.
 */
export const devNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.env === 'production') return;
  app.post(
    '/dev/notifications',
    {
      config: { access: { area: 'beneficiary' } },
      schema: {
        operationId: 'sendDevNotification',
        summary: 'Development only: send yourself a notification',
        tags: ['development'],
        body: DevNotificationRequest,
        response: { 201: z.object({ notificationId: z.number().int() }), 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const caller = requireBeneficiary(request);
      const result = await notifyPersonUser(app, caller.personUserId, { ...request.body, event: 'dev.test' });
      return reply.status(201).send(result);
    },
  );
};
