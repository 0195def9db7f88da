import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { withoutRowForeignKeyChecks } from '../../db/foreign-key-checks.js';
import { affectedRowsOf, rowsOf } from '../../db/result-rows.js';
import { benefits } from '../../db/schema/benefits.js';

/**
 * Rows to load into benefits: a query (a subquery, never run alone) whose columns are `line`
 * (later lines win), `person_id`, `member_number`, `benefit_type` and `amount_cents`. A member
 * file's staging rows with their persons (`withPersonIds` of persons) or a VALUES list
 * (`benefitRowsOf`).
 */
export type BenefitRows = SQL;

/** How a set is loaded: `plain` (update the known, insert the new; fails on a concurrent insert) or `on-conflict`. */
export type LoadMode = 'plain' | 'on-conflict';

/** A benefit as a fund's member file describes it. */
export interface BenefitFromFundData {
  fundId: number;
  personId: number;
  memberNumber: string;
  benefitType: string;
  /** Gross amount in cents (ZAR). */
  amountCents: number;
  fileUploadId: number | null;
}

/** Benefits as `BenefitRows`, a VALUES list in the order given (the last of a repeated benefit wins). Not empty. */
export function benefitRowsOf(rows: readonly Omit<BenefitFromFundData, 'fundId' | 'fileUploadId'>[]): BenefitRows {
  const values = rows.map(
    (b, index) =>
      sql`(${index + 1}::int, ${b.personId}::bigint, ${b.memberNumber}::text, ${b.benefitType}::text, ${b.amountCents}::bigint)`,
  );
  return sql`select * from (values ${sql.join(values, sql`, `)}) as v(line, person_id, member_number, benefit_type, amount_cents)`;
}

/** The last row for each benefit, with the fund and the upload. */
const latestRows = (rows: BenefitRows, fundId: number, fileUploadId: number | null) => sql`
  select distinct on (r.member_number, r.benefit_type)
    ${fundId}::bigint as fund_id, r.person_id, r.member_number, r.benefit_type, r.amount_cents,
    ${fileUploadId}::bigint as file_upload_id
  from (${rows}) r`;
const latestOrder = sql`order by r.member_number, r.benefit_type, r.line desc`;
const benefitColumns = sql.raw('fund_id, person_id, member_number, benefit_type, amount_cents, file_upload_id');

/** The fund's known benefits still unclaimed get the rows' amounts and upload (a statement of its own). */
const updateKnown = (rows: BenefitRows, fundId: number, fileUploadId: number | null) => sql`
        update benefits b set amount_cents = r.amount_cents, file_upload_id = r.file_upload_id, updated_at = now()
        from (${latestRows(rows, fundId, fileUploadId)} ${latestOrder}) r
        where b.fund_id = ${fundId} and b.member_number = r.member_number and b.benefit_type = r.benefit_type
          and b.status = 'unclaimed'`;

/**
 * The benefit load, the one rule for a file of a million rows or one benefit: benefits of one fund
 * by member number and type; a known benefit still unclaimed gets the new amount and upload, one
 * claimed or paid is left as it is; the new ones inserted; the last row wins for a repeated
 * benefit. `plain` (decision 023): the known updated (skipped for a fund without benefits: no
 * second sort and join of the rows), then the new inserted without `ON CONFLICT`; it raises a
 * unique violation when another writer inserted one of them meanwhile (run it in a savepoint,
 * then again with `on-conflict`). `on-conflict`: `INSERT ... ON CONFLICT`, safe beside others.
 * @returns benefits inserted or updated
 */
export async function upsertBenefits(
  tx: Database,
  rows: BenefitRows,
  target: { fundId: number; fileUploadId: number | null },
  mode: LoadMode,
): Promise<number> {
  const { fundId, fileUploadId } = target;
  // Counted from each statement's rows touched: no `RETURNING` of a million rows to count them.
  if (mode === 'on-conflict') {
    return affectedRowsOf(
      await tx.execute(sql`
        insert into benefits (${benefitColumns})
        ${latestRows(rows, fundId, fileUploadId)}
        ${latestOrder}
        on conflict (fund_id, member_number, benefit_type) do update set
          amount_cents = excluded.amount_cents,
          file_upload_id = excluded.file_upload_id,
          updated_at = now()
        where benefits.status = 'unclaimed'`),
    );
  }
  const [fund] = rowsOf<{ known: boolean }>(
    await tx.execute(sql`select exists (select 1 from benefits where fund_id = ${fundId}) as known`),
  );
  // A fund without benefits has none to update: no second sort and join of the rows. The update
  // changes no benefit's fund, member number or type, so the insert finds the same ones known.
  const updated = fund?.known ? affectedRowsOf(await tx.execute(updateKnown(rows, fundId, fileUploadId))) : 0;
  const inserted = affectedRowsOf(
    await tx.execute(sql`
      insert into benefits (${benefitColumns})
      ${latestRows(rows, fundId, fileUploadId)} where not exists (
        select 1 from benefits known
        where known.fund_id = ${fundId} and known.member_number = r.member_number and known.benefit_type = r.benefit_type)
      ${latestOrder}`),
  );
  return updated + inserted;
}

/**
 * A member file's benefits (`upsertBenefits`) without PostgreSQL's per-row foreign key checks
 * (`withoutRowForeignKeyChecks`): only when the caller holds the fund and the upload until
 * commit (a `for key share` lock) and every person of `rows` was written in this transaction.
 * benefits has no triggers of its own.
 * @param db the database of `openDatabase`; `tx` its transaction
 * @returns benefits inserted or updated
 */
export function loadFromStaging(
  db: Database,
  tx: Database,
  rows: BenefitRows,
  target: { fundId: number; fileUploadId: number },
  mode: LoadMode,
): Promise<number> {
  return withoutRowForeignKeyChecks(db, tx, () => upsertBenefits(tx, rows, target, mode));
}

/**
 * Sets `dependants_process_at` on a person's unclaimed benefits not yet flagged.
 * @returns how many benefits were flagged now
 */
export async function flagUnclaimedOfPerson(db: Database, personId: number, at: Date): Promise<number> {
  const flagged = await db
    .update(benefits)
    .set({ dependantsProcessAt: at })
    .where(and(eq(benefits.personId, personId), eq(benefits.status, 'unclaimed'), isNull(benefits.dependantsProcessAt)))
    .returning({ id: benefits.id });
  return flagged.length;
}

/** Benefits counted by status (optionally one fund's): `{ status, count }` rows. */
export function countByStatus(db: Database, fundId?: number): Promise<{ status: string; count: number }[]> {
  return db
    .select({ status: benefits.status, count: sql<number>`count(*)::int` })
    .from(benefits)
    .where(fundId ? eq(benefits.fundId, fundId) : undefined)
    .groupBy(benefits.status);
}

/** A benefit's row. */
export type BenefitRow = typeof benefits.$inferSelect;

/** The benefit's row, locked (`for update`) until the transaction ends; undefined when there is none. */
export async function lockBenefit(tx: Database, benefitId: number): Promise<BenefitRow | undefined> {
  const [row] = await tx.select().from(benefits).where(eq(benefits.id, benefitId)).for('update');
  return row;
}

/**
 * Sets a benefit's gross amount (cents), type or status, and `updated_at`.
 * @returns the row after, or undefined when there is none
 * @throws the unique violation when the new type repeats another benefit of the member at the fund
 */
export async function updateBenefit(
  tx: Database,
  benefitId: number,
  changes: Partial<Pick<BenefitRow, 'amountCents' | 'benefitType' | 'status'>>,
): Promise<BenefitRow | undefined> {
  const [after] = await tx
    .update(benefits)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(benefits.id, benefitId))
    .returning();
  return after;
}

/** The person a benefit belongs to, or undefined when there is no such benefit. */
export async function findPersonIdOfBenefit(db: Database, benefitId: number): Promise<number | undefined> {
  const [row] = await db.select({ personId: benefits.personId }).from(benefits).where(eq(benefits.id, benefitId));
  return row?.personId;
}

/**
 * Fund `fundId`'s benefits, as a relation for another module's set-based statement to join (a
 * subquery, never run alone): columns `id` (bigint), `member_number` and `benefit_type` (text; one
 * benefit per member number and type at the fund) and `amount_cents` (bigint, gross, cents):
 * `select id, member_number, benefit_type, amount_cents from benefits where fund_id = <fundId>`.
 */
export function fundBenefitsRelation(fundId: number): SQL {
  return sql`select id, member_number, benefit_type, amount_cents from benefits where fund_id = ${fundId}`;
}

/** A benefit's status. */
export type BenefitStatus = BenefitRow['status'];

/**
 * The statement that sets the status (and `updated_at`) of benefits `benefitIds`, for another
 * module's set-based statement to compose (a data-modifying CTE body, never run alone): `update
 * benefits set status = <status>, updated_at = now() where id in (<benefitIds>)`.
 * @param benefitIds a subquery of one column, benefit ids (bigint), e.g. `select benefit_id from moved`
 */
export function benefitStatusUpdate(status: BenefitStatus, benefitIds: SQL): SQL {
  return sql`update benefits set status = ${status}, updated_at = now() where id in (${benefitIds})`;
}
