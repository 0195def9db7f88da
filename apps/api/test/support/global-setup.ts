import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { TEMPLATE_DATABASE, withDatabaseName } from './database-names.js';

/**
 * With `TEST_DATABASE_URL` (PostgreSQL): creates one migrated template database; each test file
 * then clones it (`CREATE DATABASE ... TEMPLATE`). Without it, tests use in-memory PGlite.
 */
export default async function setup(_project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
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
    const { rows } = await cleanup.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'bcp_test_%'`,
    );
    for (const row of rows) await cleanup.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await cleanup.end();
  };
}
