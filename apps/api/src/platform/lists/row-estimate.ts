import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/result-rows.js';

/** The top of `EXPLAIN (FORMAT JSON)`: the plan's root and its estimated rows. */
interface ExplainedPlan {
  Plan?: { 'Plan Rows'?: number };
}

/**
 * How many rows PostgreSQL's planner expects `query` (a SELECT, e.g. a query builder's `getSQL()`)
 * to return: `EXPLAIN (FORMAT JSON)` of it, planned but not run (a millisecond or two), from the
 * tables' statistics (ANALYZE; autovacuum keeps them). Used where an exact count would read large
 * tables whole and a list shows its total as "about N" anyway (decision 072: a claims search by a
 * common surname). 0 when the plan gives no figure.
 */
export async function estimatedRows(db: Database, query: SQL): Promise<number> {
  const [row] = rowsOf<{ 'QUERY PLAN': ExplainedPlan[] | string }>(
    await db.execute(sql`explain (format json) ${query}`),
  );
  const explained = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN'];
  const rows = (explained as ExplainedPlan[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}
