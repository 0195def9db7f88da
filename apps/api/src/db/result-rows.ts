/**
 * The rows of a `db.execute(sql`...`)` result: PGlite and node-postgres both answer `{ rows }`;
 * typed by the caller (the SQL's column aliases), e.g. `rowsOf<{ id: string }>(result)`.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The rows a data-modifying statement of `db.execute(sql`...`)` touched: node-postgres answers
 * `rowCount`, PGlite `affectedRows` (0 when neither is there).
 */
export function affectedRowsOf(result: unknown): number {
  const answer = result as { rowCount?: number | null; affectedRows?: number };
  return answer.rowCount ?? answer.affectedRows ?? 0;
}
