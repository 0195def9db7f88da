import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from '../../src/db/client.js';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate.js';

/** The committed migrations' journal entries (`apps/api/drizzle/meta/_journal.json`). */
export function journalEntries(): { tag: string; when: number }[] {
  return JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')).entries;
}

/**
 * Leaves `handle`'s database as the previous version of the product did: every committed migration
 * applied but the last `missing`, through drizzle's own migrator on a copy of the migrations
 * folder whose journal lacks them (the copy is removed afterwards).
 */
export async function migrateAllButLast(handle: DatabaseHandle, missing = 1): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'bcp-migrations-'));
  try {
    mkdirSync(join(folder, 'meta'));
    for (const name of readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith('.sql'))) {
      copyFileSync(join(MIGRATIONS_FOLDER, name), join(folder, name));
    }
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.slice(0, -missing);
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    if (handle.kind === 'postgres') {
      await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    } else {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
