import { z } from 'zod';
import { zRequiredString } from '../rules/zod-rules.js';
import { listResponse } from './lists.js';

/**
 * Saved views (issue 38 item 3): a staff user keeps a list screen's filters, sort and page size
 * under a name of their own and applies them again later. Each view is its owner's alone.
 */

/** The screens whose filters can be saved. */
export const SAVED_VIEW_SCREENS = ['claims'] as const;
export type SavedViewScreen = (typeof SAVED_VIEW_SCREENS)[number];

/** Limits of a saved view: its name, the query string it keeps, how many one user keeps per screen. */
export const SAVED_VIEW_LIMITS = { nameLength: 60, queryLength: 1000, perScreen: 50 } as const;

const zScreen = () => z.enum(SAVED_VIEW_SCREENS, { error: 'Give a screen whose views can be saved.' });

/** `GET /api/v1/users/me/saved-views?screen=claims`. */
export const SavedViewListQuery = z.object({ screen: zScreen() });
export type SavedViewListQuery = z.infer<typeof SavedViewListQuery>;

/** One saved view: the screen's URL query string without the leading `?` (e.g. `status=submitted&sort=amountCents:desc`). */
export const SavedViewResponse = z
  .object({
    id: z.number().int(),
    screen: z.enum(SAVED_VIEW_SCREENS),
    name: z.string(),
    query: z.string(),
    /** ISO 8601. */
    createdAt: z.string(),
  })
  .meta({ id: 'SavedViewResponse' });
export type SavedViewResponse = z.infer<typeof SavedViewResponse>;

/** The caller's views of one screen, by name (every one on page 1). */
export const SavedViewListResponse = listResponse(SavedViewResponse).meta({ id: 'SavedViewListResponse' });
export type SavedViewListResponse = z.infer<typeof SavedViewListResponse>;

/**
 * `POST /api/v1/users/me/saved-views`: save the screen's current query under `name`; a view of the
 * same name on that screen is replaced.
 */
export const CreateSavedViewRequest = z
  .object({
    screen: zScreen(),
    name: zRequiredString(SAVED_VIEW_LIMITS.nameLength),
    query: z
      .string()
      .trim()
      .max(SAVED_VIEW_LIMITS.queryLength)
      .regex(/^[^?#\s]*$/, {
        error: 'Give the query string without "?", "#" or spaces.',
      }),
  })
  .meta({ id: 'CreateSavedViewRequest' });
export type CreateSavedViewRequest = z.input<typeof CreateSavedViewRequest>;

/** The 422 when a user already keeps `SAVED_VIEW_LIMITS.perScreen` views of a screen. */
export const SAVED_VIEW_MESSAGES = {
  tooMany: `You can keep up to ${SAVED_VIEW_LIMITS.perScreen} saved views here. Delete one first.`,
  notFound: 'Saved view not found.',
} as const;
