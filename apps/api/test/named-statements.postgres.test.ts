import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { nameStatements } from '../src/db/named-statements.js';
import { rowsOf } from '../src/db/result-rows.js';
import { funds } from '../src/db/schema/funds.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/** The statements prepared on the connection `db` runs on (a transaction's). */
async function prepared(db: Database): Promise<{ name: string; statement: string }[]> {
  return rowsOf<{ name: string; statement: string }>(
    await db.execute(sql`select name, statement from pg_prepared_statements order by prepare_time`),
  );
}

/**
 * Decision 081 (issue 40 item 3): on PostgreSQL each pooled connection prepares the reads it runs,
 * named by a hash of their text, so a list's query is parsed once per connection. PostgreSQL only
 * (`*.postgres.test.ts`, run when TEST_DATABASE_URL is set): PGlite has no prepared statements to keep.
 */
describe('prepared reads on PostgreSQL (decision 081)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.destroy());

  it('prepares a read once per connection and binds new values to it; writes are not prepared', async () => {
    await database.handle.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [created] = await db
        .insert(funds)
        .values({ name: 'Prepared Fund', registrationNumber: '12/8/08100' })
        .returning({ id: funds.id });
      const read = (id: number) => db.select({ name: funds.name }).from(funds).where(eq(funds.id, id));
      expect(await read(created?.id as number)).toEqual([{ name: 'Prepared Fund' }]);
      expect(await read(-1)).toEqual([]);
      const statements = (await prepared(db)).filter((row) => row.name.startsWith('bcp_'));
      const reads = statements.filter((row) => row.statement.includes('from "funds" where "funds"."id" = $1'));
      expect(reads).toHaveLength(1);
      expect(statements.some((row) => /^\s*insert/i.test(row.statement))).toBe(false);
    });
  });

  it('names at most the cap of distinct reads on one connection; the rest run unnamed and still answer', async () => {
    const pool = new pg.Pool({ connectionString: database.url as string, max: 1 });
    pool.on('connect', (client) => nameStatements(client, 2));
    try {
      const answers: number[] = [];
      for (const n of [1, 2, 3]) {
        const result = await pool.query({ text: `select $1::int + ${n} as value`, values: [10] });
        answers.push(result.rows[0].value);
      }
      expect(answers).toEqual([11, 12, 13]);
      const names = await pool.query({ text: 'select count(*)::int as n from pg_prepared_statements;' });
      expect(names.rows[0].n).toBe(2);
    } finally {
      await pool.end();
    }
  });

  it('prepares nothing with DATABASE_NAMED_STATEMENTS=false (namedStatements: false)', async () => {
    const handle = await openDatabase({ databaseUrl: database.url as string, namedStatements: false });
    try {
      await handle.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        await db.select({ id: funds.id }).from(funds).limit(1);
        expect(await prepared(db)).toEqual([]);
      });
    } finally {
      await handle.close();
    }
  });
});
