import type { FeeRule } from '@bcp/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { fundFees } from '../../db/schema/fund-fees.js';

/** A `fund_fees` row as stored. */
export type FeeRecord = typeof fundFees.$inferSelect;
/** The stored fields of a fee. */
export type FeeValues = Pick<
  typeof fundFees.$inferInsert,
  'name' | 'kind' | 'basisPoints' | 'amountCents' | 'vatApplies' | 'vatInclusive' | 'effectiveFrom' | 'effectiveTo'
>;

/** Every fee rule of a fund, oldest first (what `calculatePayout` takes). */
export async function selectFundFeeRules(db: Database, fundId: number): Promise<FeeRule[]> {
  return db
    .select({
      name: fundFees.name,
      kind: fundFees.kind,
      basisPoints: fundFees.basisPoints,
      amountCents: fundFees.amountCents,
      vatApplies: fundFees.vatApplies,
      vatInclusive: fundFees.vatInclusive,
      effectiveFrom: fundFees.effectiveFrom,
      effectiveTo: fundFees.effectiveTo,
    })
    .from(fundFees)
    .where(eq(fundFees.fundId, fundId))
    .orderBy(asc(fundFees.id));
}

/** A fund's fee rows, oldest first. */
export async function selectFundFeeRows(db: Database, fundId: number): Promise<FeeRecord[]> {
  return db.select().from(fundFees).where(eq(fundFees.fundId, fundId)).orderBy(asc(fundFees.id));
}

/** A fee row by id, or `undefined`. */
export async function selectFeeRow(db: Database, feeId: number): Promise<FeeRecord | undefined> {
  const [row] = await db.select().from(fundFees).where(eq(fundFees.id, feeId));
  return row;
}

/**
 * Whether another fee of the fund (not `exceptId`) with the same name (any case) applies on any
 * day of `fee`'s dates (open ends reach forever).
 */
export async function overlappingFeeExists(
  db: Database,
  fee: { fundId: number; name: string; effectiveFrom: string | null; effectiveTo: string | null },
  exceptId?: number,
): Promise<boolean> {
  const [other] = await db
    .select({ id: fundFees.id })
    .from(fundFees)
    .where(
      and(
        eq(fundFees.fundId, fee.fundId),
        sql`lower(${fundFees.name}) = lower(${fee.name})`,
        exceptId === undefined ? undefined : ne(fundFees.id, exceptId),
        // Ranges [from, to] overlap when each starts before (or when) the other ends.
        fee.effectiveTo === null
          ? undefined
          : sql`(${fundFees.effectiveFrom} is null or ${fundFees.effectiveFrom} <= ${fee.effectiveTo})`,
        fee.effectiveFrom === null
          ? undefined
          : sql`(${fundFees.effectiveTo} is null or ${fundFees.effectiveTo} >= ${fee.effectiveFrom})`,
      ),
    );
  return other !== undefined;
}

/** Inserts a fee; returns the row. */
export async function insertFee(db: Database, values: FeeValues & { fundId: number }): Promise<FeeRecord> {
  const [row] = await db.insert(fundFees).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Sets a fee's fields (and `updatedAt`); the row, or `undefined` when gone. */
export async function updateFeeRow(db: Database, feeId: number, values: FeeValues): Promise<FeeRecord | undefined> {
  const [row] = await db
    .update(fundFees)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(fundFees.id, feeId))
    .returning();
  return row;
}

/** Deletes a fee by id. */
export async function deleteFeeRow(db: Database, feeId: number): Promise<void> {
  await db.delete(fundFees).where(eq(fundFees.id, feeId));
}

/** Deletes every fee of a fund (the fund is being deleted). */
export async function deleteFundFeeRows(db: Database, fundId: number): Promise<void> {
  await db.delete(fundFees).where(eq(fundFees.fundId, fundId));
}
