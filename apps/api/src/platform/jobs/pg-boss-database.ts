import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client.js';

/**
 * The small adapter that lets pg-boss run on our one database connection (DESIGN.md "Growing past
 * one machine"; docs/decisions/013): pg-boss accepts any `{ executeSql(text, values) }`.
 * - PostgreSQL: the server's `pg` pool, as pg-boss would use its own.
 * - PGlite: statements with parameters go through `query` (one statement, extended protocol);
 *   those without (pg-boss's schema scripts hold several statements) through `exec`, answering
 *   with the last statement's rows.
 * @param db the Drizzle database of `openDatabase` (its `$client` is the pool or the PGlite instance)
 */
export function createPgBossDatabase(db: Database, kind: 'pglite' | 'postgres'): PgBoss.Db {
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === 'postgres') {
    const pool = client as pg.Pool;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const pglite = client as PGlite;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

/**
 * pg-boss's `db` for statements that must run in a Drizzle transaction (a job sent with the data it
 * belongs to: it exists only if the transaction commits). Uses the transaction's own connection:
 * the pool client that issued BEGIN (PostgreSQL) or PGlite's transaction object.
 * @param tx the `tx` a Drizzle `db.transaction(async (tx) => ...)` callback is given
 */
export function createPgBossTransactionDatabase(tx: Database, kind: 'pglite' | 'postgres'): PgBoss.Db {
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  if (kind === 'postgres') {
    const connection = client as pg.PoolClient;
    return { executeSql: (text, values) => connection.query(text, values) };
  }
  const transaction = client as { query: PGlite['query']; exec: PGlite['exec'] };
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return transaction.query(text, values);
      const results = await transaction.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}
