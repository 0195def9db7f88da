import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { openCopy } from '../src/db/copy-rows.js';
import { maySkipRowForeignKeyChecks, withoutRowForeignKeyChecks } from '../src/db/foreign-key-checks.js';
import { rowsOf } from '../src/db/result-rows.js';
import { benefits, fileUploadRows, fileUploads, funds } from '../src/db/schema/index.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/** Bulk loads check their foreign keys once per file, not per row (issue 16; decision 023). */
describe('foreign key checks of bulk loads', () => {
  let database: TestDatabase;
  let db: Database;
  let fundId: number;
  let uploadId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    const [fund] = await db.insert(funds).values({ name: 'Checks Fund', registrationNumber: '12/8/4242' }).returning();
    fundId = fund?.id ?? 0;
    const [upload] = await db
      .insert(fileUploads)
      .values({ fundId, kind: 'member_file', status: 'validating' })
      .returning();
    uploadId = upload?.id ?? 0;
  });
  afterAll(() => database.destroy());

  const insertOrphanBenefit = (tx: Database) =>
    tx.insert(benefits).values({
      fundId,
      personId: 999_999_999,
      memberNumber: 'M-orphan',
      benefitType: 'withdrawal',
      amountCents: 100,
    });

  it('skips the per-row checks inside on PostgreSQL, only there, and only for the transaction', async () => {
    if (!database.url) {
      // PGlite: the checks always run.
      await expect(
        db.transaction(async (transaction) => {
          const tx = transaction as unknown as Database;
          await withoutRowForeignKeyChecks(db, tx, () => insertOrphanBenefit(tx));
        }),
      ).rejects.toThrow();
      await expect(insertOrphanBenefit(db)).rejects.toThrow();
      return;
    }
    const rolledBack = new Error('roll back');
    await expect(
      db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        // As a superuser (CI): an orphan gets in unchecked, which is why callers must make sure
        // of the references first.
        await withoutRowForeignKeyChecks(db, tx, () => insertOrphanBenefit(tx));
        const role = rowsOf<{ role: string }>(
          await tx.execute(sql`select current_setting('session_replication_role') as role`),
        );
        expect(role[0]?.role).toBe('origin');
        await expect(insertOrphanBenefit(tx)).rejects.toThrow();
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await db.select().from(benefits).where(eq(benefits.memberNumber, 'M-orphan'))).toEqual([]);
    // Outside, the checks run as always.
    await expect(insertOrphanBenefit(db)).rejects.toThrow();
  });

  it('asks whether the role may: a superuser, or a SET grant on PostgreSQL 15 and later', async () => {
    const answers = (superuser: boolean, version: number, grant: boolean) => async (text: string) => ({
      rows: [text.includes('has_parameter_privilege') ? { may: grant } : { superuser, version }],
    });
    expect(await maySkipRowForeignKeyChecks(answers(true, 140000, false))).toBe(true);
    expect(await maySkipRowForeignKeyChecks(answers(false, 140000, true))).toBe(false);
    expect(await maySkipRowForeignKeyChecks(answers(false, 150000, true))).toBe(true);
    expect(await maySkipRowForeignKeyChecks(answers(false, 170000, false))).toBe(false);
  });

  it('copies rows whose references were locked once, and copies nothing when they are not there', async () => {
    const columns = ['file_upload_id', 'line', 'refused'] as const;
    const lock = (id: number) => ({
      referencesLock: { text: 'select 1 from file_uploads where id = $1 for key share', values: [id] },
    });
    const copy = await openCopy(db, 'file_upload_rows', columns, lock(uploadId));
    await copy.write([uploadId, 2, false]);
    await copy.write([uploadId, 3, true]);
    expect(await copy.end()).toBe(2);
    const staged = await db.select().from(fileUploadRows).where(eq(fileUploadRows.fileUploadId, uploadId));
    expect(staged.map((row) => [row.line, row.refused])).toEqual([
      [2, false],
      [3, true],
    ]);
    if (database.url) {
      // PostgreSQL: the lock finds no upload, so the copy never starts.
      await expect(openCopy(db, 'file_upload_rows', columns, lock(999_999_999))).rejects.toThrow(/not there/);
    }
  });

  it('keeps the fund counts and the audit guard working while the checks are skipped (ENABLE ALWAYS, migration 0014)', async () => {
    const rolledBack = new Error('roll back');
    await expect(
      db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const [person] = rowsOf<{ id: number }>(
          await tx.execute(
            sql`insert into persons (id_number, first_name, last_name, date_of_birth, gender) values ('8001015009087', 'Ann', 'Count', '1980-01-01', 'male') returning id`,
          ),
        );
        await withoutRowForeignKeyChecks(db, tx, async () => {
          await tx.insert(benefits).values({
            fundId,
            personId: Number(person?.id),
            memberNumber: 'M-count',
            benefitType: 'withdrawal',
            amountCents: 100,
          });
          const [fund] = await tx.select({ count: funds.benefitCount }).from(funds).where(eq(funds.id, fundId));
          expect(fund?.count).toBe(1);
          await tx.execute(
            sql`insert into audit_events (actor_type, action, entity_type, entity_id) values ('system', 'test.guard', 'funds', '1')`,
          );
          await expect(
            tx.transaction((savepoint) => savepoint.execute(sql`update audit_events set action = 'changed'`)),
          ).rejects.toThrow();
        });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
