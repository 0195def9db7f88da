import { ErrorResponse, MessageCheckRequest, MessageCheckResponse } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perIp, type Throttle } from '../../platform/http/rate-limit.js';
import { checkMessage } from './message-check.service.js';

/** Checks per client IP per hour, counted before the body is read. */
export const MESSAGE_CHECK_LIMIT_PER_IP_PER_HOUR = 20;
/** Checks per destination (any IP) per hour: codes to one number cannot be tried from many addresses. */
export const MESSAGE_CHECK_LIMIT_PER_DESTINATION_PER_HOUR = 10;

/** A limit per normalized destination, counted after validation (the body holds it). */
const perDestination: Throttle = {
  name: 'destination',
  max: MESSAGE_CHECK_LIMIT_PER_DESTINATION_PER_HOUR,
  timeWindow: '1 hour',
  hook: 'preHandler',
  failClosed: true,
  key: (request) => (request.body as { destination: string }).destination,
};

/** "Is this message from us?" (issue 21 item 4): public, for anyone holding a message. */
export const messageCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/message-check',
    {
      config: {
        access: 'public',
        throttle: [perIp(MESSAGE_CHECK_LIMIT_PER_IP_PER_HOUR, '1 hour', { failClosed: true }), perDestination],
      },
      schema: {
        operationId: 'checkMessage',
        summary: 'Is this message from us? A reference code and the phone number or email it came to',
        description:
          'Answers whether we sent an SMS or email with this reference code to this destination: when, by which ' +
          'channel and what kind of message, never its content. A code to another destination answers like an ' +
          'unknown code. Throttled per IP (before the body is read) and per destination.',
        tags: ['message-check'],
        body: MessageCheckRequest,
        response: { 200: MessageCheckResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkMessage(app.db, app.config.appSecret as string, request.body);
    },
  );
};
