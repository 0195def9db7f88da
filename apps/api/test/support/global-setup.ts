import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { testDatabasePrefix, withDatabaseName } from './database-names.js';

/**
 * Creates one migrated template database for this run, which each test database then starts from.
 * With `TEST_DATABASE_URL` (PostgreSQL) each test file clones it (`CREATE DATABASE ... TEMPLATE`);
 * without it, it is an in-memory PGlite dumped to a tar file in the run's temp folder, which each
 * test's in-memory PGlite loads (about 4 times faster than an empty PGlite plus the migrations).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // Each run names its databases after its own id, so parallel runs never touch each other's.
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  if (!adminUrl) {
    const templateFile = join(tmpdir(), `bcp-pglite-template-${runId}.tar`);
    const template = await openDatabase({ memory: true });
    await applyMigrations(template);
    writeFileSync(templateFile, await dumpPglite(template));
    await template.close();
    project.provide('pgliteTemplateFile', templateFile);
    return () => rmSync(templateFile, { force: true });
  }
  const prefix = testDatabasePrefix(runId);
  const TEMPLATE_DATABASE = `${prefix}template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  const template = await openDatabase({ databaseUrl: withDatabaseName(adminUrl, TEMPLATE_DATABASE) });
  await applyMigrations(template);
  await template.close();
  await admin.end();
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix}%`,
    ]);
    // The template last: clones must go first.
    for (const row of rows.sort(
      (a, b) => Number(a.datname.endsWith('template')) - Number(b.datname.endsWith('template')),
    )) {
      await cleanup.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    }
    await cleanup.end();
  };
}

/** The data folder of an open PGlite database, as an uncompressed tar (`PGlite.dumpDataDir`). */
async function dumpPglite(handle: DatabaseHandle): Promise<Uint8Array> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const tarball = await client.dumpDataDir('none');
  return new Uint8Array(await tarball.arrayBuffer());
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
    /** On PGlite: the migrated template's data folder, a tar of PGlite's `dumpDataDir`. */
    pgliteTemplateFile?: string;
  }
}
