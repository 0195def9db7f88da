import { performance } from 'node:perf_hooks';
import { parseSaIdNumber } from '@bcp/contract';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { sealAuditChain } from '../src/platform/audit/audit-chain.js';
import { insertBenefitsSql, insertPersonsSql } from './seed-sql.js';
import { STAFF_LIST_ROWS, staffListSeedStatements } from './seed-staff-lists-sql.js';

/** How many persons the bench database holds. */
export const BENCH_PERSONS = 1_000_000;

/** What `seedBenchDatabase` did. */
export interface SeedOutcome {
  /** false: the database already held the persons and was reused. */
  seeded: boolean;
  /** Time spent seeding (inserts, then VACUUM ANALYZE), in ms; 0 when reused. */
  seedMs: number;
}

/** Applies the project's migrations (apps/api/src/db/migrate.ts) to the database at `url`. */
export async function migrateBenchDatabase(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.withStartupLock(() => applyMigrations(database));
  } finally {
    await database.close();
  }
}

/**
 * Chains the seeded audit events (decision 039; about 3 minutes for 1,000,000 events, once), so
 * that the server's sealer job has nothing to chain while the lists are measured.
 * @returns how many events were sealed
 */
async function sealSeededAuditEvents(url: string): Promise<number> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    return await sealAuditChain(database.db, { wait: true, gapWaitSeconds: 0 });
  } finally {
    await database.close();
  }
}

/** Throws unless a sample of the seeded ID numbers passes the contract's SA ID checks. */
async function checkSeededIdNumbers(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ id_number: string }>(
    'select id_number from persons tablesample system (0.5) limit 2000',
  );
  const invalid = rows.filter((row) => !parseSaIdNumber(row.id_number).valid);
  if (invalid.length > 0) throw new Error(`seeded ID numbers fail the SA ID checks, e.g. ${invalid[0]?.id_number}`);
}

/** Whether the database holds the whole seed: the persons, and the staff lists' rows (tasks and audit events). */
async function holdsWholeSeed(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ persons: string; tasks: string; audits: string }>(
    `select (select count(*) from persons) as persons, (select count(*) from tasks) as tasks,
      (select count(*) from audit_events where actor_label = 'bench-staff@benefitfinder.co.za') as audits`,
  );
  const counts = rows[0];
  return (
    Number(counts?.persons) === BENCH_PERSONS &&
    Number(counts?.tasks) === STAFF_LIST_ROWS.tasks &&
    Number(counts?.audits) === STAFF_LIST_ROWS.auditEvents
  );
}

/**
 * Migrates the bench database, then seeds 1,000,000 persons and 1,100,000 benefits of the
 * 'Bench Fund', and the staff lists' tables (`seed-staff-lists-sql.ts`: claims, tasks, audit
 * events, uploads, invoices, ...) in one transaction, unless it already holds all of them (reused).
 * Anything else found is truncated first (a database seeded before issue 25 is seeded again).
 * The audit events are then chained (`sealSeededAuditEvents`).
 */
export async function seedBenchDatabase(url: string): Promise<SeedOutcome> {
  await migrateBenchDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (await holdsWholeSeed(client)) {
      // A database seeded before the chain existed: its events are chained once.
      if ((await sealSeededAuditEvents(url)) > 0) await client.query('vacuum analyze audit_events');
      return { seeded: false, seedMs: 0 };
    }
    const started = performance.now();
    await client.query('begin');
    await client.query('set local synchronous_commit = off');
    // The audit trail refuses TRUNCATE (decision 039); a bench database is thrown away as a whole,
    // so its seed, as the superuser, switches the triggers off for this statement alone.
    await client.query('set local session_replication_role = replica');
    await client.query(
      'truncate benefits, persons, funds, users, tasks, audit_events, person_users, benefit_claims restart identity cascade',
    );
    await client.query('set local session_replication_role = origin');
    const fund = await client.query<{ id: string }>(
      `insert into funds (name, registration_number) values ('Bench Fund', '99/9/99999') returning id`,
    );
    await client.query(insertPersonsSql(BENCH_PERSONS));
    await client.query(insertBenefitsSql(), [fund.rows[0]?.id]);
    for (const statement of staffListSeedStatements()) await client.query(statement);
    await client.query('commit');
    await client.query('analyze audit_events');
    await sealSeededAuditEvents(url);
    await client.query('vacuum analyze');
    await checkSeededIdNumbers(client);
    return { seeded: true, seedMs: performance.now() - started };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
