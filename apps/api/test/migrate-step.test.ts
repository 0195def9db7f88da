import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { MIGRATIONS_FOLDER } from '../src/db/migrate.js';
import { migrationStatus } from '../src/db/migration-status.js';
import { startServer } from '../src/server.js';
import { journalEntries, migrateAllButLast } from './support/partial-migrations.js';
import { PRODUCTION_ENV } from './support/test-app.js';

/**
 * Issue 37 item 4 on the embedded database (`npm test`; the PostgreSQL run adds two processes at
 * once, `migrate-step.postgres.test.ts`): in production the server does not migrate, it refuses a
 * database one migration behind with a clear message; `npm run migrate` brings it up to date and
 * the server then starts. Outside production the server still migrates by itself.
 */
describe('migrations as a step of their own (embedded database)', () => {
  const ROOT = resolve(import.meta.dirname, '../../..');
  const folders: string[] = [];
  const noBuild = join(tmpdir(), 'bcp-no-web-build');

  /** A data folder whose embedded database has every migration but the last. */
  async function databaseOneBehind(): Promise<string> {
    const dataDir = mkdtempSync(join(tmpdir(), 'bcp-migrate-step-'));
    folders.push(dataDir);
    const handle = await openDatabase({ dataDir });
    await migrateAllButLast(handle);
    expect(await migrationStatus(handle.db, MIGRATIONS_FOLDER)).toEqual({
      known: journalEntries().length,
      pending: 1,
    });
    await handle.close();
    return dataDir;
  }

  /** The environment of a server (or the migrate command) on `dataDir`, in `mode`. */
  const environment = (dataDir: string, mode: 'production' | 'development'): Record<string, string> => ({
    ...(mode === 'production' ? PRODUCTION_ENV : { NODE_ENV: 'development', SEED_DEMO_DATA: 'false' }),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: noBuild,
    ADMIN_DIST_DIR: noBuild,
  });

  /** Starts the server, asks `/api/ready`, and closes it; the readiness status. */
  async function readyStatus(env: Record<string, string>): Promise<number> {
    const app = await startServer(loadConfig(env));
    try {
      const { port } = app.server.address() as AddressInfo;
      return (await fetch(`http://127.0.0.1:${port}/api/ready`)).status;
    } finally {
      await app.close();
    }
  }

  let dataDir: string;
  beforeAll(async () => {
    dataDir = await databaseOneBehind();
  });
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('in production refuses a database one migration behind, naming the command to run', async () => {
    await expect(readyStatus(environment(dataDir, 'production'))).rejects.toThrow(
      'The database is 1 migration behind: run `npm run migrate` first',
    );
    // Nothing was applied by the refused start.
    const handle = await openDatabase({ dataDir });
    expect((await migrationStatus(handle.db, MIGRATIONS_FOLDER)).pending).toBe(1);
    await handle.close();
  });

  it('npm run migrate applies the missing migration; the production server then starts', {
    timeout: scaled(120_000),
  }, async () => {
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', 'apps/api/src/db/migrate.cli.ts'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: scaled(100_000),
        env: { ...process.env, DATABASE_URL: '', ...environment(dataDir, 'production') },
      });
    const first = run();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`Applied 1 migration (${journalEntries().length} in all).`);
    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('The database is up to date');
    expect(await readyStatus(environment(dataDir, 'production'))).toBe(200);
  });

  it('outside production the server migrates a database that is behind by itself (npm start)', {
    timeout: scaled(90_000),
  }, async () => {
    const behind = await databaseOneBehind();
    expect(await readyStatus(environment(behind, 'development'))).toBe(200);
    const handle = await openDatabase({ dataDir: behind });
    expect((await migrationStatus(handle.db, MIGRATIONS_FOLDER)).pending).toBe(0);
    await handle.close();
  });
});
