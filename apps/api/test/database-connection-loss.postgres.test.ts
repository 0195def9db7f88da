import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { openCopy } from '../src/db/copy-rows.js';
import { rowsOf } from '../src/db/result-rows.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * A PostgreSQL connection lost while the app holds it (a restart, a failover, an administrator's
 * `pg_terminate_backend`) fails that work and nothing else: the process lives on and the next
 * query gets a new connection. Found by the upload bench: a backend ended during a member file's
 * COPY made pg emit the loss on the checked-out client, with no listener, ending the server.
 * PostgreSQL only (`*.postgres.test.ts` run when TEST_DATABASE_URL is set): an embedded database
 * has no connection to lose.
 */
describe('a lost database connection (PostgreSQL)', () => {
  let database: TestDatabase;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await database.handle.db.execute(sql`create table lost_connection_rows (n int not null)`);
  });
  afterAll(async () => {
    await admin.end();
    await database.destroy();
  });

  /**
   * The backend running a COPY, once PostgreSQL shows it: the statement is sent on the copy's own
   * connection and starts a moment later, so it is looked for until it is there (or the time, scaled
   * to the machine, is up).
   */
  async function copyingBackend(): Promise<number | undefined> {
    const deadline = Date.now() + scaled(10_000);
    for (;;) {
      const [copying] = (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and query ilike 'copy%' and pid <> pg_backend_pid()",
        )
      ).rows;
      if (copying || Date.now() > deadline) return copying?.pid;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);
  const backendPid = async (db: typeof database.handle.db) =>
    rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0]?.pid as number;
  /** Gives pg's socket events a turn, so an unhandled 'error' (the old failure) would surface now. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it('fails a transaction whose connection is terminated, and the next query works', async () => {
    const outcome = database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into lost_connection_rows values (1)`);
      await terminate(await backendPid(tx));
      await settle();
      await tx.execute(sql`insert into lost_connection_rows values (2)`);
    });
    await expect(outcome).rejects.toThrow();
    await settle();
    const [row] = rowsOf<{ n: number }>(
      await database.handle.db.execute(sql`select count(*)::int as n from lost_connection_rows`),
    );
    expect(row?.n).toBe(0);
  });

  it('fails a COPY whose connection is terminated mid-way, loading nothing, and the next query works', async () => {
    const copy = await openCopy(database.handle.db, 'lost_connection_rows', ['n']);
    await copy.write([1]);
    const pid = await copyingBackend();
    expect(pid).toBeTypeOf('number');
    await terminate(pid as number);
    await settle();
    await expect(copy.end()).rejects.toThrow();
    const [row] = rowsOf<{ n: number }>(
      await database.handle.db.execute(sql`select count(*)::int as n from lost_connection_rows`),
    );
    expect(row?.n).toBe(0);
  });
});
