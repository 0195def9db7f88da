import { ErrorResponse, WatchlistMessageResponse, WatchlistUnsubscribeQuery } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perIp } from '../../platform/http/rate-limit.js';
import { unsubscribeWatch } from './watchlist.service.js';

/** Unsubscribe link's throttle: per IP per hour. */
export const WATCHLIST_UNSUBSCRIBE_LIMIT_PER_IP_PER_HOUR = 30;

/** The link in every watchlist message (issue 21 item 3): no sign-in, idempotent, throttled. */
export const watchlistPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/watchlist/unsubscribe',
    {
      config: { access: 'public', throttle: perIp(WATCHLIST_UNSUBSCRIBE_LIMIT_PER_IP_PER_HOUR, '1 hour') },
      schema: {
        operationId: 'unsubscribeWatch',
        summary: 'The unsubscribe link of a watchlist message: no further message is sent for it',
        description: 'The token is kept only as a hash. Opening the link again answers the same. 404 for a bad link.',
        tags: ['watchlist'],
        querystring: WatchlistUnsubscribeQuery,
        response: { 200: WatchlistMessageResponse, 404: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return unsubscribeWatch(app.db, request.query.token);
    },
  );
};
