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
 * The caller's own person user id for `{id}` (`me` or the caller's id).
 * @throws AppError `not_found` (404) when `id` is another member's.
 */
export function ownPersonUserId(id: 'me' | number, callerId: number): number {
  if (id !== 'me' && id !== callerId) throw new AppError('not_found', 'Not found.');
  return callerId;
}
