import {
  CreateSavedViewRequest,
  ErrorResponse,
  IdParams,
  MessageResponse,
  SavedViewListQuery,
  SavedViewListResponse,
  SavedViewResponse,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaff } from '../../platform/auth/route-access.js';
import { listSavedViews, removeSavedView, saveView } from './saved-views.service.js';

const tags = ['saved views'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
/** Any signed-in staff user past their PIN: each works only on their own views. */
const ownViews = { access: { area: 'admin', session: 'verified' } } as const;

/**
 * Saved views (issue 38 item 3): the signed-in staff user's named filters of a list screen (today
 * the claims queue), kept as the screen's query string. Another user's view is a 404.
 */
export const savedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/saved-views',
    {
      config: ownViews,
      schema: {
        operationId: 'listMySavedViews',
        summary: "The signed-in staff user's saved views of a screen (screen=claims), by name",
        tags,
        querystring: SavedViewListQuery,
        response: { 200: SavedViewListResponse, ...errors },
      },
    },
    async (request) => listSavedViews(app.db, requireStaff(request).userId, request.query.screen),
  );

  app.post(
    '/users/me/saved-views',
    {
      config: ownViews,
      schema: {
        operationId: 'saveMyView',
        summary: "Save a screen's filters under a name (a view of the same name is replaced)",
        description:
          'Name 1 to 60 characters; query (the screen URL query string, no "?") up to 1000; at most 50 views per screen (422).',
        tags,
        body: CreateSavedViewRequest,
        response: { 200: SavedViewResponse, ...errors },
      },
    },
    async (request) => saveView(app.db, requireStaff(request).userId, request.body),
  );

  app.delete(
    '/users/me/saved-views/:id',
    {
      config: ownViews,
      schema: {
        operationId: 'deleteMySavedView',
        summary: 'Delete one of your saved views (404 for a view that is not yours)',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      await removeSavedView(app.db, requireStaff(request).userId, request.params.id);
      return { message: 'The view was deleted.' };
    },
  );
};
