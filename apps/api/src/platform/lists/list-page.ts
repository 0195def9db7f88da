import type { ListQuery, ListResponse, SortTerm } from '@bcp/contract';
import { asc, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Server side of the one list contract (packages/contract `shapes/lists.ts`, decision 009): turns a
 * parsed list query into SQL pieces and the rows into the envelope. A service uses it so:
 *
 * ```ts
 * const where = and(filterCondition, searchCondition(query.q, [users.email, users.name]));
 * return listPage(query, {
 *   rows: (page) => db.select().from(users).where(where)
 *     .orderBy(...orderBy(query.sort, SORT_COLUMNS, users.id)).limit(page.limit).offset(page.offset),
 *   count: async () => db.$count(users, where),
 *   toItem: toUserResponse,
 * });
 * ```
 */

/** Offset and limit of the query's page. */
export function pageWindow(query: Pick<ListQuery, 'page' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/**
 * ORDER BY terms for the query's sort, each field mapped to its column; `tieBreaker` (usually the
 * id) comes last so pages never overlap.
 */
export function orderBy<S extends string>(
  sort: readonly SortTerm<S>[],
  columns: Record<S, AnyPgColumn | SQL>,
  tieBreaker: AnyPgColumn,
): SQL[] {
  const terms = sort.map((term) => (term.direction === 'asc' ? asc(columns[term.field]) : desc(columns[term.field])));
  const lastDirection = sort.at(-1)?.direction ?? 'asc';
  return [...terms, lastDirection === 'asc' ? asc(tieBreaker) : desc(tieBreaker)];
}

/** Escapes `%`, `_` and `\` so a search term matches literally inside ILIKE. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** `q` matched case-insensitively anywhere in any of `columns`; undefined (no condition) when `q` is empty. */
export function searchCondition(q: string | undefined, columns: (AnyPgColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** A total of at least this many rows is kept for `LARGE_TOTAL_SECONDS` (smaller ones are counted every time). */
export const LARGE_TOTAL_ROWS = 10_000;
const LARGE_TOTAL_SECONDS = 30;
const largeTotals = new Map<string, { total: number; until: number }>();

/**
 * The total of a list, counted, or, when `key` names it and it was at least LARGE_TOTAL_ROWS less
 * than LARGE_TOTAL_SECONDS ago, as counted then (issue 25: paging through 200,000 tasks does not
 * count them again on every page; a total that large is shown as "about" in a list anyway).
 */
async function listTotal(key: string | undefined, count: () => Promise<number>): Promise<number> {
  const now = Date.now();
  const kept = key === undefined ? undefined : largeTotals.get(key);
  if (kept && kept.until > now) return kept.total;
  const total = await count();
  if (key !== undefined && total >= LARGE_TOTAL_ROWS) {
    if (largeTotals.size >= 1000) largeTotals.clear();
    largeTotals.set(key, { total, until: now + LARGE_TOTAL_SECONDS * 1000 });
  }
  return total;
}

/**
 * Runs a list: the page of rows (in the window given) and the total count, in parallel, mapped
 * into the one envelope `{ items, page, pageSize, total, totalPages }`. `countKey` (the list's
 * name, filters and search, e.g. `tasks:{"status":"open"}:`) lets a large total be reused for a
 * few seconds (`listTotal`): for lists that grow to hundreds of thousands of rows.
 */
export async function listPage<Row, Item>(
  query: Pick<ListQuery, 'page' | 'pageSize'>,
  parts: {
    rows: (window: { limit: number; offset: number }) => Promise<Row[]>;
    count: () => Promise<number>;
    toItem: (row: Row) => Item | Promise<Item>;
    countKey?: string;
  },
): Promise<ListResponse<Item>> {
  const [rows, total] = await Promise.all([parts.rows(pageWindow(query)), listTotal(parts.countKey, parts.count)]);
  const items = await Promise.all(rows.map(parts.toItem));
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}
