import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { testDatabasePrefix, withDatabaseName } from './database-names.js';

/**
 * With `TEST_DATABASE_URL` (PostgreSQL): creates one migrated template database for this run; each
 * test file then clones it (`CREATE DATABASE ... TEMPLATE`). Without it, tests use in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // Each run names its databases after its own id, so parallel runs never touch each other's.
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  if (!adminUrl) return;
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

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
  }
}
