import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { seedDemoData } from '../src/modules/file-uploads/demo/seed-all-demo-data.js';
import { testDatabasePrefix, withDatabaseName } from './support/database-names.js';
import { testConfig } from './support/test-app.js';

/*
 * The backup round trip of docs/operations.md (issue 37 item 5): scripts/ops/backup-restore-roundtrip.mjs
 * dumps a migrated database holding the demo data with pg_dump, restores it with pg_restore into a
 * new database and compares every table's row count and a few tables' content. PostgreSQL only
 * (`*.postgres.test.ts` run when TEST_DATABASE_URL is set, as CI does).
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = 'scripts/ops/backup-restore-roundtrip.mjs';

const adminUrl = process.env.TEST_DATABASE_URL as string;
const prefix = testDatabasePrefix(inject('testRunId'));
const suffix = randomBytes(4).toString('hex');
const sourceName = `${prefix}backup_${suffix}`;
const targetName = `${prefix}restored_${suffix}`;
const sourceUrl = withDatabaseName(adminUrl, sourceName);
const targetUrl = withDatabaseName(adminUrl, targetName);
let dataDir: string;

/** Runs `sql` on the server's maintenance connection (TEST_DATABASE_URL). */
async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The row count of `schema.table` in the database at `url`. */
async function countRows(url: string, qualified: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [schema, table] = qualified.split('.') as [string, string];
    const { rows } = await client.query(
      `select count(*)::int as n from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Whether a database named `name` exists. */
async function databaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
}

/** The round-trip script, as an operator runs it. */
function roundTrip(args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', timeout: scaled(120_000) });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bcp-backup-test-'));
  // A fresh database, migrated, with the demo data (fund, members, staff, partner) the server seeds.
  await onServer(`create database "${sourceName}"`);
  const database = await openDatabase({ databaseUrl: sourceUrl });
  try {
    await applyMigrations(database);
    const config = testConfig(dataDir, { DATABASE_URL: sourceUrl });
    const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const app = await buildApp({ config, database, logStream });
    await app.ready();
    await seedDemoData(app.db, dataDir, app.files, app.log);
    // Closed before the backup: the job queue's own upkeep changes no row during the comparison.
    await app.close();
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  await onServer(`drop database if exists "${targetName}" with (force)`);
  await onServer(`drop database if exists "${sourceName}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('issue 37 item 5: the tested backup and restore (PostgreSQL)', () => {
  it('dumps, restores into a new database, and finds every row count and checksum equal', async () => {
    const members = await countRows(sourceUrl, 'public.persons');
    expect(members).toBeGreaterThan(0);
    const result = roundTrip(['--source', sourceUrl, '--target', targetName, '--keep']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Every row count and checksum matches.');
    expect(result.stdout).toMatch(/tables compared by checksum \(public\.persons, public\.benefits/);
    // Checked here too, apart from the script: the restored database holds the same rows.
    for (const table of [
      'public.benefits',
      'public.funds',
      'public.users',
      'public.partner_api_keys',
      'drizzle.__drizzle_migrations',
    ]) {
      expect(await countRows(targetUrl, table), table).toBe(await countRows(sourceUrl, table));
    }
    expect(await countRows(targetUrl, 'public.persons')).toBe(members);
  });

  it('without --keep the restored database is dropped; a target that exists is refused', async () => {
    const dropped = `${prefix}restored_${randomBytes(4).toString('hex')}`;
    const result = roundTrip(['--source', sourceUrl, '--target', dropped]);
    expect(result.status, result.stderr).toBe(0);
    expect(await databaseExists(dropped)).toBe(false);
    // The kept target of the first test exists: restoring over it is refused, and it stays.
    const refused = roundTrip(['--source', sourceUrl, '--target', targetName]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Backup round trip failed: .*already exists/);
    expect(await databaseExists(targetName)).toBe(true);
  });
});
