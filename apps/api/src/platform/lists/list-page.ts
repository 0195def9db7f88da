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
/**
 * A total whose count took long is kept this many times the count's time when that is longer than
 * LARGE_TOTAL_SECONDS (a count of 0.4 s: 80 s; of 2 s: 400 s), so counting again takes at most
 * 0.5 % of the database's time per list, filter and search in use (issue 25: at 2 %, the dozen
 * filters and searches of a fund's 300,000 enrichment records in use took a quarter of a core).
 */
const KEEP_PER_COUNT_TIME = 200;
/** How long past `LARGE_TOTAL_SECONDS` a kept total is still answered while it is counted again. */
const STALE_TOTAL_SECONDS = 300;

/** Where a list's total may be kept: the database it counts in (totals are kept per database), and the list's key. */
export interface CountKey {
  scope: object;
  /** The list's name, filters and search, e.g. `tasks:{"status":"open"}:`. */
  key: string;
}

/** A database's kept totals, and the counts running now (requests at the same moment share one count). */
interface TotalsOfScope {
  kept: Map<string, { total: number; until: number }>;
  running: Map<string, Promise<number>>;
  /** A stale total is being counted again in the background (one at a time per database). */
  recounting: boolean;
}
const totalsByScope = new WeakMap<object, TotalsOfScope>();

function totalsOf(scope: object): TotalsOfScope {
  let totals = totalsByScope.get(scope);
  if (!totals) {
    totals = { kept: new Map(), running: new Map(), recounting: false };
    totalsByScope.set(scope, totals);
  }
  return totals;
}

/** Counts the total of `key`, once however many requests ask at the same moment; keeps it when large. */
function countOnce(totals: TotalsOfScope, key: string, count: () => Promise<number>): Promise<number> {
  const running = totals.running.get(key);
  if (running) return running;
  const started = Date.now();
  const counting = count()
    .then((total) => {
      if (total >= LARGE_TOTAL_ROWS) {
        if (totals.kept.size >= 1000) totals.kept.clear();
        const now = Date.now();
        const keepMs = Math.max(LARGE_TOTAL_SECONDS * 1000, (now - started) * KEEP_PER_COUNT_TIME);
        totals.kept.set(key, { total, until: now + keepMs });
      } else {
        totals.kept.delete(key);
      }
      return total;
    })
    .finally(() => totals.running.delete(key));
  totals.running.set(key, counting);
  return counting;
}

/**
 * The total of a list, counted, or, when `countKey` names it and it was at least LARGE_TOTAL_ROWS
 * less than LARGE_TOTAL_SECONDS ago (or KEEP_PER_COUNT_TIME times its count's time), as counted
 * then (issue 25: paging through 200,000 tasks does not count them again on every page; a total
 * that large is shown as "about" in a list anyway).
 * A kept total older than that is still answered, for up to STALE_TOTAL_SECONDS more, while one
 * count in the background replaces it: once a large total was counted, no page waits for a count
 * of hundreds of thousands of rows again while the list is in use; such recounts run one at a
 * time per database. Requests for the same key at the same moment share one count (one started a
 * moment before a request sees what it counts). Cursor lists that give a total (the claims queue,
 * issue 38 item 3) use it too.
 */
export async function listTotal(countKey: CountKey | undefined, count: () => Promise<number>): Promise<number> {
  if (countKey === undefined) return count();
  const totals = totalsOf(countKey.scope);
  const { key } = countKey;
  const now = Date.now();
  const kept = totals.kept.get(key);
  if (kept && kept.until > now) return kept.total;
  if (kept && kept.until + STALE_TOTAL_SECONDS * 1000 > now) {
    // One recount in the background at a time per database: the stale totals of many lists and
    // filters are counted again one after the other, not all at once beside the pages being served
    // (issue 25: a dozen counts of 0.4 s together slowed every list of the bench). A failed recount
    // leaves the kept total as it is: a later request tries again.
    if (!totals.recounting) {
      totals.recounting = true;
      countOnce(totals, key, count)
        .catch(() => undefined)
        .finally(() => {
          totals.recounting = false;
        });
    }
    return kept.total;
  }
  return countOnce(totals, key, count);
}

/**
 * Runs a list: the page of rows (in the window given) and the total count, in parallel, mapped
 * into the one envelope `{ items, page, pageSize, total, totalPages }`. `countKey` (the database,
 * and the list's name, filters and search, e.g. `tasks:{"status":"open"}:`) lets a large total be
 * reused for a few seconds (`listTotal`): for lists that grow to hundreds of thousands of rows.
 */
export async function listPage<Row, Item>(
  query: Pick<ListQuery, 'page' | 'pageSize'>,
  parts: {
    rows: (window: { limit: number; offset: number }) => Promise<Row[]>;
    count: () => Promise<number>;
    toItem: (row: Row) => Item | Promise<Item>;
    countKey?: CountKey;
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
