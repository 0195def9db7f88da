/**
 * The rows of a `db.execute(sql`...`)` result: PGlite and node-postgres both answer `{ rows }`;
 * typed by the caller (the SQL's column aliases), e.g. `rowsOf<{ id: string }>(result)`.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
