import {
  type CreateSavedViewRequest,
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_MESSAGES,
  type SavedViewListResponse,
  type SavedViewResponse,
  type SavedViewScreen,
  VALIDATION_FAILED_MESSAGE,
  wholeList,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  countSavedViews,
  deleteSavedView,
  findSavedViews,
  type SavedView,
  upsertSavedView,
} from './saved-views.repository.js';

/**
 * Saved views (issue 38 item 3): each staff user's named filters of a list screen. A view is seen,
 * replaced and deleted only by its owner; another user's view is answered as not found.
 */

/** A `CreateSavedViewRequest` as parsed. */
type SavedViewValues = Required<Pick<CreateSavedViewRequest, 'name' | 'query'>> & { screen: SavedViewScreen };

function toResponse(view: SavedView): SavedViewResponse {
  return {
    id: view.id,
    screen: view.screen as SavedViewScreen,
    name: view.name,
    query: view.query,
    createdAt: view.createdAt.toISOString(),
  };
}

/** `GET /api/v1/users/me/saved-views`: the caller's views of `screen`, by name, all on page 1. */
export async function listSavedViews(
  db: Database,
  userId: number,
  screen: SavedViewScreen,
): Promise<SavedViewListResponse> {
  return wholeList((await findSavedViews(db, userId, screen)).map(toResponse));
}

/**
 * `POST /api/v1/users/me/saved-views`: saves the view under its name (replacing the caller's view of
 * that name on that screen).
 * @throws AppError `validation` (422, `name`) when the caller already keeps `SAVED_VIEW_LIMITS.perScreen` others
 */
export async function saveView(db: Database, userId: number, request: SavedViewValues): Promise<SavedViewResponse> {
  const { count, named } = await countSavedViews(db, userId, request.screen, request.name);
  if (!named && count >= SAVED_VIEW_LIMITS.perScreen) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { name: [SAVED_VIEW_MESSAGES.tooMany] });
  }
  return toResponse(await upsertSavedView(db, { userId, ...request }));
}

/**
 * `DELETE /api/v1/users/me/saved-views/{id}`.
 * @throws AppError `not_found` (404) when the view does not exist or is another user's
 */
export async function removeSavedView(db: Database, userId: number, id: number): Promise<void> {
  if (!(await deleteSavedView(db, userId, id))) throw new AppError('not_found', SAVED_VIEW_MESSAGES.notFound);
}
