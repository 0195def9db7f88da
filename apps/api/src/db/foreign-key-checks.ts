import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.js';
import { rowsOf } from './result-rows.js';

/** A query runner: Drizzle's `execute` or a plain `pg` client's `query`, answering `{ rows }`. */
export type RunQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Whether the connected role may turn the per-row foreign key triggers off
 * (`session_replication_role`): a superuser, or on PostgreSQL 15 and later a role granted `SET` on
 * the parameter (`has_parameter_privilege`, which older servers do not have).
 */
export async function maySkipRowForeignKeyChecks(query: RunQuery): Promise<boolean> {
  const [role] = (
    await query(
      `select current_setting('is_superuser') = 'on' as superuser, current_setting('server_version_num')::int as version`,
    )
  ).rows;
  if (role?.superuser === true) return true;
  if (Number(role?.version ?? 0) < 150000) return false;
  const [grant] = (await query(`select has_parameter_privilege('session_replication_role', 'SET') as may`)).rows;
  return grant?.may === true;
}

/** The statement that turns the per-row foreign key triggers off until the transaction ends. */
export const SKIP_ROW_CHECKS_SQL = 'set local session_replication_role = replica';

/**
 * Runs `load` inside the transaction `tx` without PostgreSQL's per-row foreign key checks (the
 * `RI_ConstraintTrigger`s: a lookup and a row lock of the referenced row for every row written,
 * most of a bulk load's time; issue 16 "Done when"), then turns them back on. Only for statements
 * whose references the caller has made sure of once for the whole set and locked until commit
 * (e.g. rows it inserted or updated in this transaction, or a `for key share` of the one fund), so
 * the constraints still hold. It also skips user triggers unless they are `ENABLE ALWAYS` (as the
 * benefits' fund counts of migration 0014 are), so only for tables whose triggers are. When
 * the role may not (not a superuser, no `SET` grant on the parameter), the checks simply run; on
 * PGlite they always run (there, with the setting, a 20,000-row accept through the server brought
 * the process down, and PGlite's loads are small).
 * @param db the database of `openDatabase` (tells PostgreSQL from PGlite); `tx` its transaction
 * @returns what `load` returns
 */
export async function withoutRowForeignKeyChecks<T>(db: Database, tx: Database, load: () => Promise<T>): Promise<T> {
  if (!((db as unknown as { $client: unknown }).$client instanceof pg.Pool)) return load();
  const query: RunQuery = async (text) => ({ rows: rowsOf(await tx.execute(sql.raw(text))) });
  if (!(await maySkipRowForeignKeyChecks(query))) return load();
  await tx.execute(sql.raw(SKIP_ROW_CHECKS_SQL));
  const result = await load();
  await tx.execute(sql`set local session_replication_role = origin`);
  return result;
}
