import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client.js';

/** A statement that never answers: what pg-boss is given once the database is closed. */
const NEVER = new Promise<never>(() => undefined);

/**
 * The small adapter that lets pg-boss run on our one database connection (DESIGN.md "Growing past
 * one machine"; docs/decisions/013): pg-boss accepts any `{ executeSql(text, values) }`.
 * - PostgreSQL: the server's `pg` pool, as pg-boss would use its own.
 * - PGlite: statements with parameters go through `query` (one statement, extended protocol);
 *   those without (pg-boss's schema scripts hold several statements) through `exec`, answering
 *   with the last statement's rows.
 *
 * Once the database is closed (the pool ending, PGlite closed), statements are dropped: they never
 * answer, and `onDropped` is told. A job whose handler outlived the shutdown's graceful wait
 * finishes later, and pg-boss records its outcome without awaiting it; an error there would be an
 * unhandled rejection that ends the process. Dropping it is safe: pg-boss already failed the job at
 * shutdown, and it is retried (at least once delivery).
 * @param db the Drizzle database of `openDatabase` (its `$client` is the pool or the PGlite instance)
 * @param onDropped called with the statement's first words for each statement dropped
 */
export function createPgBossDatabase(
  db: Database,
  kind: 'pglite' | 'postgres',
  onDropped: (statement: string) => void = () => undefined,
): PgBoss.Db {
  const client = (db as unknown as { $client: unknown }).$client;
  const drop = (text: string): Promise<never> => {
    onDropped(text.trim().slice(0, 40));
    return NEVER;
  };
  if (kind === 'postgres') {
    const pool = client as pg.Pool;
    return { executeSql: (text, values) => (pool.ending ? drop(text) : pool.query(text, values)) };
  }
  const pglite = client as PGlite;
  return {
    async executeSql(text, values) {
      if (pglite.closed) return drop(text);
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
