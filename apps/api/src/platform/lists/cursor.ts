import type { CursorListResponse, SortDirection } from '@bcp/contract';
import { gt, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../errors/app-error.js';

/**
 * Keyset ("cursor") paging for lists over millions of rows (decision 016): each page is an index
 * range scan after the last row of the previous one, as fast on page 10,000 as on page 1. The
 * cursor is opaque to clients: base64url of the last row's id.
 */

const CURSOR_MESSAGE = 'This cursor is not valid. Start again from the first page.';

/** The id a cursor continues after, or undefined for the first page. */
export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof value.after === 'number' && Number.isSafeInteger(value.after) && value.after > 0) return value.after;
  } catch {
    // fall through
  }
  throw new AppError('validation', CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] }, { code: 'invalid_cursor' });
}

/** The condition "after the cursor" for a list ordered by `id` in `direction`. */
export function afterCursor(id: AnyPgColumn, direction: SortDirection, cursor: string | undefined): SQL | undefined {
  const after = decodeCursor(cursor);
  if (after === undefined) return undefined;
  return direction === 'desc' ? lt(id, after) : gt(id, after);
}

/**
 * Builds the envelope from `pageSize + 1` rows fetched in order: the extra row only tells that a
 * next page exists.
 */
export function cursorPage<Row extends { id: number }, Item>(
  rows: Row[],
  pageSize: number,
  toItem: (row: Row) => Item,
): CursorListResponse<Item> {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    pageSize,
    nextCursor:
      rows.length > pageSize && last ? Buffer.from(JSON.stringify({ after: last.id })).toString('base64url') : null,
  };
}
