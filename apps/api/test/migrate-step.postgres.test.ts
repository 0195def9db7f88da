import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { testDatabasePrefix, withDatabaseName } from './support/database-names.js';
import { journalEntries, migrateAllButLast } from './support/partial-migrations.js';
import { freePort, PRODUCTION_ENV } from './support/test-app.js';

/**
 * Issue 37 item 4 on PostgreSQL (`*.postgres.test.ts` run with TEST_DATABASE_URL, as CI's
 * "API tests against PostgreSQL" step does): `npm run migrate` is a step of its own under the
 * start-up advisory lock. Several processes started at once on an empty database: exactly one
 * migrates, the others wait and then go on; a production server refuses a database one migration
 * behind with a clear message and exit code 1, and starts once it is migrated. Each case has an
 * empty database of its own (not the run's migrated template). To make "at once" certain, the test
 * holds the lock first, as a process already migrating would, until every child says it waits.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const ADMIN_URL = process.env.TEST_DATABASE_URL as string;
const WAITING = 'Waiting for another process to finish migrating';
const noBuild = join(tmpdir(), 'bcp-no-web-build');

/** A child process and everything it wrote so far. */
interface Child {
  process: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null: ended by a signal). */
  exited: Promise<number | null>;
}

const children: Child[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

/** An empty database of this run (dropped at the end, or by the run's cleanup); its URL. */
async function emptyDatabase(): Promise<string> {
  const name = `${testDatabasePrefix(inject('testRunId'))}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
  });
  return withDatabaseName(ADMIN_URL, name);
}

/** Runs `script` (relative to the repository root) with tsx, as `npm run migrate`/`npm start` do. */
function start(script: string, env: Record<string, string>): Child {
  const dataDir = mkdtempSync(join(tmpdir(), 'bcp-migrate-step-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', script], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, WEB_DIST_DIR: noBuild, ADMIN_DIST_DIR: noBuild, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const started = { process: child, output: () => output, exited };
  children.push(started);
  return started;
}

/** `npm run migrate`'s command on `databaseUrl`. */
const migrate = (databaseUrl: string, env: Record<string, string> = { NODE_ENV: 'test' }) =>
  start('apps/api/src/db/migrate.cli.ts', { ...env, DATABASE_URL: databaseUrl });

/** Polls until `condition` holds; fails with `what` after a deadline scaled to the machine. */
async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + scaled(ms);
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Holds the start-up lock of `databaseUrl` (as a process migrating would) until `release` is called. */
async function holdStartupLock(databaseUrl: string): Promise<{ release(): Promise<void> }> {
  const handle = await openDatabase({ databaseUrl });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding: Promise<void> | undefined;
  await new Promise<void>((held) => {
    holding = handle.withStartupLock(async () => {
      held();
      await released;
    });
  });
  return {
    async release() {
      release();
      await holding;
      await handle.close();
    },
  };
}

/** Rows of `drizzle.__drizzle_migrations` (one per applied migration). */
async function appliedMigrations(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** The status of `GET /api/ready` at `port` (0 when nothing answers). */
const readiness = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/ready`)
    .then((response) => response.status)
    .catch(() => 0);

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGTERM');
      await child.exited;
    }
  }
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('npm run migrate under the advisory lock (PostgreSQL)', () => {
  it('two runs at once on an empty database: both wait, exactly one applies the migrations, both exit 0', {
    timeout: scaled(180_000),
  }, async () => {
    const url = await emptyDatabase();
    const lock = await holdStartupLock(url);
    const runs = [migrate(url), migrate(url)];
    try {
      await until('both runs wait for the lock', () => runs.every((run) => run.output().includes(WAITING)));
    } finally {
      await lock.release();
    }
    expect(await Promise.all(runs.map((run) => run.exited))).toEqual([0, 0]);
    const known = journalEntries().length;
    const outputs = runs.map((run) => run.output());
    expect(outputs.filter((output) => output.includes(`Applied ${known} migrations (${known} in all).`))).toHaveLength(
      1,
    );
    expect(outputs.filter((output) => output.includes('The database is up to date'))).toHaveLength(1);
    expect(await appliedMigrations(url)).toBe(known);
  });

  it('two development servers at once on an empty database: one migrates, the other waits, both serve /api/ready', {
    timeout: scaled(180_000),
  }, async () => {
    const url = await emptyDatabase();
    const lock = await holdStartupLock(url);
    const ports = [await freePort(), await freePort()];
    const servers = ports.map((port) =>
      start('apps/api/src/main.ts', {
        NODE_ENV: 'development',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: url,
        REDIS_URL: '',
      }),
    );
    try {
      await until('both servers wait for the lock', () => servers.every((server) => server.output().includes(WAITING)));
    } finally {
      await lock.release();
    }
    await until('both servers are ready', async () => {
      for (const server of servers) {
        if (server.process.exitCode !== null) throw new Error(`a server exited:\n${server.output()}`);
      }
      return (await Promise.all(ports.map(readiness))).every((status) => status === 200);
    });
    expect(await appliedMigrations(url)).toBe(journalEntries().length);
  });

  it('a production server refuses a database one migration behind (exit 1), and starts after npm run migrate', {
    timeout: scaled(180_000),
  }, async () => {
    const url = await emptyDatabase();
    const handle: DatabaseHandle = await openDatabase({ databaseUrl: url });
    await migrateAllButLast(handle);
    await handle.close();
    const port = await freePort();
    const production = { ...PRODUCTION_ENV, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: url, REDIS_URL: '' };

    const refused = start('apps/api/src/main.ts', production);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('The database is 1 migration behind: run `npm run migrate` first');
    expect(await appliedMigrations(url)).toBe(journalEntries().length - 1);

    const run = migrate(url, PRODUCTION_ENV);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain(`Applied 1 migration (${journalEntries().length} in all).`);

    const server = start('apps/api/src/main.ts', production);
    await until('the production server is ready', async () => {
      if (server.process.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
      return (await readiness(port)) === 200;
    });
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
