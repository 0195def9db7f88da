import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/**
 * Whether `table` has at least one row matching `where` (all rows when omitted). Reads at most one
 * row (`SELECT 1 ... LIMIT 1`, the plan of `EXISTS`), where a count would read every matching row
 * (issue 15 item 5).
 */
export async function hasRows(db: Database, table: PgTable, where?: SQL): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(table).where(where).limit(1);
  return rows.length > 0;
}
