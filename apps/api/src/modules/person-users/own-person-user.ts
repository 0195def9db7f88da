import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.js';

/**
 * The `{id}` of the member's own `person-users/{id}` paths (spec 7): `me` or the caller's own id;
 * any other id is someone else's and answers 404 (`ownPersonUserId`).
 */
export const PersonUserIdParams = z.object({
  id: z.union([z.literal('me'), z.coerce.number().int().positive()]),
});

/**
 * The caller's own person user id, when every id given (`{id}`, a `personUserId` query, ...) is
 * `me`, the caller's own id or absent.
 * @param callerId the signed-in member's person user id
 * @param ids the ids the request names
 * @throws AppError `not_found` (404) when any id is another member's
 */
export function ownPersonUserId(callerId: number, ...ids: ReadonlyArray<'me' | number | undefined>): number {
  if (ids.some((id) => id !== undefined && id !== 'me' && id !== callerId))
    throw new AppError('not_found', 'Not found.');
  return callerId;
}
