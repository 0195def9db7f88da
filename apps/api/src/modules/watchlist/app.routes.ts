import {
  ErrorResponse,
  IdParams,
  WatchlistConfirmRequest,
  WatchlistMessageResponse,
  WatchlistPendingResponse,
  WatchlistRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perIp } from '../../platform/http/rate-limit.js';
import { watchlistDependencies } from './install-watchlist.js';
import { confirmWatch, requestWatch } from './watchlist.service.js';

const tags = ['watchlist'];

/**
 * The watchlist for members whose search found nothing (issue 21 item 3, decision 035): public,
 * throttled per IP like the search (fail closed), before the body is read.
 */
export const watchlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = perIp(app.config.benefitSearchLimitPerHour, '1 hour', { failClosed: true });

  app.post(
    '/watchlist',
    {
      config: { access: 'public', throttle },
      schema: {
        operationId: 'watchIdNumber',
        summary: 'Ask to be told if money turns up for an ID number; a PIN goes to the phone (SMS) or email',
        description:
          'Needs consent (the text of WATCHLIST_MESSAGES.consent). The ID number is kept only as a keyed hash. ' +
          'Nothing but the PIN is sent until it is entered (watchlist/{id}/confirm). 429 when the destination had a ' +
          'PIN too recently, or too many requests from the IP.',
        tags,
        body: WatchlistRequest,
        response: { 200: WatchlistPendingResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return requestWatch(watchlistDependencies(app), request.body);
    },
  );

  app.post(
    '/watchlist/:id/confirm',
    {
      config: { access: 'public', throttle },
      schema: {
        operationId: 'confirmWatch',
        summary:
          'Enter the watchlist PIN: the watch starts and a first message confirms it (with the unsubscribe link)',
        tags,
        params: IdParams,
        body: WatchlistConfirmRequest,
        response: { 200: WatchlistMessageResponse, 404: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => confirmWatch(watchlistDependencies(app), request.params.id, request.body),
  );
};
