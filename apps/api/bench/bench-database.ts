import pg from 'pg';

/**
 * The database the benchmark seeds once and reuses; it never touches the server's own databases.
 * `BENCH_DATABASE_NAME` chooses another (e.g. one per branch, whose migrations differ).
 */
export const BENCH_DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/.test(process.env.BENCH_DATABASE_NAME ?? '')
  ? (process.env.BENCH_DATABASE_NAME as string)
  : 'bcp_bench';

/** `BENCH_DATABASE_URL` (any database on the server, used to create ours), by default the local test database. */
export function adminDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

/**
 * Creates the `bcp_bench` database on the server of `adminUrl` when it does not exist yet.
 * @returns the URL of `bcp_bench` (same server and user as `adminUrl`)
 */
export async function ensureBenchDatabase(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${BENCH_DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DATABASE_NAME}`;
  return url.toString();
}

/** Row counts of the bench database, for the report. */
export interface RowCounts {
  persons: number;
  funds: number;
  benefits: number;
  /** Benefits by status (`unclaimed`, `claimed`, `paid`). */
  benefitsByStatus: Record<string, number>;
  /** The staff lists' other tables (issue 25), e.g. `tasks: 200000`. */
  others: Record<string, number>;
}

/** The other tables the staff lists read, counted for the report. */
const OTHER_TABLES = [
  'users',
  'benefit_claims',
  'tasks',
  'audit_events',
  'file_uploads',
  'file_upload_rows',
  'invoices',
  'enrichment_records',
] as const;

/** The row count of each of OTHER_TABLES, one after the other (one client runs one query at a time). */
async function countOthers(count: (table: string) => Promise<number>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of OTHER_TABLES) counts[table] = await count(table);
  return counts;
}

/** Counts the rows of the tables the search reads (exact counts: a second or so on 1M rows). */
export async function readRowCounts(client: pg.Client): Promise<RowCounts> {
  const count = async (table: string) => Number((await client.query(`select count(*) from ${table}`)).rows[0].count);
  const byStatus = await client.query<{ status: string; count: string }>(
    'select status, count(*) from benefits group by status order by count(*) desc',
  );
  const benefitsByStatus = Object.fromEntries(byStatus.rows.map((row) => [row.status, Number(row.count)]));
  return {
    persons: await count('persons'),
    funds: await count('funds'),
    benefits: Object.values(benefitsByStatus).reduce((sum, value) => sum + value, 0),
    benefitsByStatus,
    others: await countOthers(count),
  };
}
