import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { testDatabasePrefix, withDatabaseName } from './database-names.js';

/** A fresh, migrated database for one test file, and how to throw it away. */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL URL of this database, or undefined on PGlite. */
  url: string | undefined;
  destroy(): Promise<void>;
}

/**
 * A fresh migrated database: a clone of the migrated template on PostgreSQL when
 * `TEST_DATABASE_URL` is set (CI), otherwise a new in-memory PGlite loaded from the template's
 * dump (`global-setup.ts`), or migrated here when the run has none.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const templateFile = inject('pgliteTemplateFile');
    const handle = await openDatabase({
      memory: true,
      ...(templateFile ? { loadDataDir: new Blob([readFileSync(templateFile)]) } : {}),
    });
    if (!templateFile) await applyMigrations(handle);
    return { handle, url: undefined, destroy: () => handle.close() };
  }
  const prefix = testDatabasePrefix(inject('testRunId'));
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${prefix}template"`);
  await admin.end();
  const url = withDatabaseName(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    handle,
    url,
    async destroy() {
      await handle.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Fills the empty `dataDir` with a migrated embedded database, the one `openDatabase({ dataDir })`
 * (and a server or command given `DATA_DIR=dataDir`) then opens: the run's migrated template
 * (`global-setup.ts`) unpacked into `<dataDir>/pglite`, several times faster than migrating an
 * empty database; migrated there when the run has no template.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const templateFile = inject('pgliteTemplateFile');
  if (!templateFile) {
    const handle = await openDatabase({ dataDir });
    await applyMigrations(handle);
    await handle.close();
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(join(dataDir, 'pglite'), { loadDataDir: new Blob([readFileSync(templateFile)]) });
  await client.close();
}
