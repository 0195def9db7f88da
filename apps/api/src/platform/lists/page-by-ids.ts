import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A list page read in two steps (decision 082): first the page's ids, from the list's own table
 * with only the joins its filters and order read; then those rows with every join the page shows.
 * PostgreSQL plans a join of five tables in 1-2 ms, several times what running it costs, and its
 * plan cache keeps re-planning a join whose filter values matter (a status); the second step's
 * `id = any($1)` has one plan for every page (decision 081 keeps it), and the first step is a
 * single table's (or a small join's) plan.
 */

/**
 * `column = any($1::bigint[])`: the ids as one parameter, so the statement's text, and with it the
 * prepared plan, is the same for a page of 1 or 100 ids (Drizzle's `inArray` sends one per id).
 * @param column a bigint id column
 * @param ids at most a page of ids (the caller's page size)
 */
export function idIn(column: AnyPgColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::bigint[])`;
}

/**
 * The page's rows in the order of `ids` (the first step's order): `rowsOf` reads them in any
 * order; an id whose row has gone since the first step (deleted in between) is left out.
 * @param ids the page's ids, in the list's order
 * @param rowsOf the second step: the rows of these ids, with their joins
 * @param idOf a row's id
 */
export async function rowsInIdOrder<Row>(
  ids: readonly number[],
  rowsOf: (ids: readonly number[]) => Promise<Row[]>,
  idOf: (row: Row) => number,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await rowsOf(ids)).map((row) => [idOf(row), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}
