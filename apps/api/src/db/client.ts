import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.js';
import { growHeapGently } from './embedded-heap.js';
import { nameStatements } from './named-statements.js';
import * as schema from './schema/index.js';

/** The Drizzle database, the same type on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database and what the server needs to manage it. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` while holding a lock that other server processes on the same database wait for;
   * `onWait` is called once when another process holds it and this one starts waiting.
   */
  withStartupLock<T>(fn: () => Promise<T>, onWait?: () => void): Promise<T>;
  /**
   * Runs `fn` while holding the PostgreSQL advisory lock `key` (session level, on a connection of
   * its own) that other processes on the same database wait for; on PGlite, where every holder is
   * in this one process, an in-process lock of the same key.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  /**
   * PostgreSQL through a `pg` pool; `namedStatements` (default true): each connection prepares
   * the reads it runs (decision 081). Off behind a pooler that cannot keep them (PgBouncer in
   * transaction mode before 1.21).
   */
  | { databaseUrl: string; namedStatements?: boolean }
  /** Embedded PGlite stored in `<dataDir>/pglite`. */
  | { dataDir: string }
  /**
   * Embedded PGlite in memory (tests); `loadDataDir` starts it from a data folder dumped with
   * PGlite's `dumpDataDir` (the tests' migrated template) instead of an empty one.
   */
  | { memory: true; loadDataDir?: Blob };

const STARTUP_LOCK_KEY = 727_001;

/**
 * PostgreSQL settings PGlite starts with (issue 40 item 5), after PGlite's own start parameters.
 * Its `postgresql.conf` asks for `shared_buffers = 128MB`: the buffer pool lives in PGlite's
 * WebAssembly memory, which grows as pages are read into it and never shrinks, so a long-running
 * server's resident memory crept up towards it. 32 MB holds the working set of an embedded
 * (one-machine) database; the files it reads past that are served from the operating system's
 * page cache. `maintenance_work_mem` (64 MB default) bounds what a migration's index build or a
 * VACUUM allocates, which the WebAssembly memory would keep.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB'];

/** Makes `close` safe to call more than once (shutdown hooks and tests may both call it). */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

/** Locks by key within this process (PGlite's `withLock`): each holder runs after the previous one settled. */
function inProcessLocks(): DatabaseHandle['withLock'] {
  const tails = new Map<number, Promise<unknown>>();
  return <T>(key: number, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(fn);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/** PGlite's default start parameters (single user, no parallel workers, ...) with `PGLITE_SETTINGS`. */
function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
}

/**
 * The database a configuration names: PostgreSQL at `DATABASE_URL` (with `DATABASE_NAMED_STATEMENTS`),
 * otherwise the embedded database under `DATA_DIR`.
 */
export function databaseTargetOf(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseNamedStatements'>,
): DatabaseTarget {
  return config.databaseUrl
    ? { databaseUrl: config.databaseUrl, namedStatements: config.databaseNamedStatements }
    : { dataDir: config.dataDir };
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database (DESIGN.md "Database"). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) must not crash
    // the process: the pool discards it and opens a new one on the next query.
    pool.on('error', () => undefined);
    // A connection lost while checked out (a transaction, a COPY, a long query) fails its queries,
    // which their callers handle; pg also emits the loss on the client, which without a listener
    // would end the process. The pool discards the client when it is released with the error.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      if (target.namedStatements !== false) nameStatements(client);
    });
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    const withLock = async <T>(key: number, fn: () => Promise<T>, onWait?: () => void): Promise<T> => {
      const client = await pool.connect();
      try {
        const tried = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (!tried.rows[0]?.locked) {
          onWait?.();
          await client.query('select pg_advisory_lock($1)', [key]);
        }
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        client.release();
      }
    };
    return {
      db,
      kind: 'postgres',
      withStartupLock: (fn, onWait) => withLock(STARTUP_LOCK_KEY, fn, onWait),
      withLock,
      close: once(() => pool.end()),
    };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    // PGlite creates only the last folder of its path.
    mkdirSync(target.dataDir, { recursive: true });
    // The server of one machine: V8 collects before garbage piles up (decision 067).
    growHeapGently();
    client = await PGlite.create(join(target.dataDir, 'pglite'), { startParams: pgliteStartParams() });
  } else {
    client = await PGlite.create({
      startParams: pgliteStartParams(),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // One process owns an embedded database; there is nobody to wait for.
    withStartupLock: (fn) => fn(),
    withLock: inProcessLocks(),
    close: once(() => client.close()),
  };
}

/** Answers when the database answers a trivial query; throws otherwise. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
