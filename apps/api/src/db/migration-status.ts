import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client.js';
import { rowsOf } from './result-rows.js';

/** Drizzle's record of applied migrations (its migrator's defaults): `drizzle.__drizzle_migrations`. */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/** Where a database stands against the committed migrations of `migrationsFolder`. */
export interface MigrationStatus {
  /** Migrations in the folder's journal (`meta/_journal.json`). */
  known: number;
  /** Of those, the ones the database has not applied yet. */
  pending: number;
}

/**
 * Counts the migrations the database still needs, the way drizzle's migrator decides: a journal
 * entry is pending when its `when` (milliseconds) is later than the `created_at` of the last
 * migration recorded in `drizzle.__drizzle_migrations` (every entry when the table is missing).
 * Read only. Throws when the journal or a migration file cannot be read, or the database fails.
 */
export async function migrationStatus(db: Database, migrationsFolder: string): Promise<MigrationStatus> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const [table] = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass(${MIGRATIONS_TABLE})::text as name`),
  );
  let last: number | undefined;
  if (table?.name) {
    const [row] = rowsOf<{ last: string | number | null }>(
      await db.execute(sql.raw(`select max(created_at) as last from ${MIGRATIONS_TABLE}`)),
    );
    last = row?.last === null || row?.last === undefined ? undefined : Number(row.last);
  }
  const pending = migrations.filter((migration) => last === undefined || last < migration.folderMillis).length;
  return { known: migrations.length, pending };
}

/** Thrown at start in production when the database has not had every migration of this version. */
export class DatabaseBehindError extends Error {
  override name = 'DatabaseBehindError';
  constructor(readonly pending: number) {
    super(
      `The database is ${pending} migration${pending === 1 ? '' : 's'} behind: run \`npm run migrate\` first ` +
        '(in the container image: node apps/api/dist/db/migrate.cli.js)',
    );
  }
}

/**
 * Refuses a database that is behind the committed migrations (production start: migrations are a
 * step of their own, `npm run migrate`).
 * @throws DatabaseBehindError naming how many migrations are missing
 */
export async function assertMigrated(db: Database, migrationsFolder: string): Promise<void> {
  const { pending } = await migrationStatus(db, migrationsFolder);
  if (pending > 0) throw new DatabaseBehindError(pending);
}
