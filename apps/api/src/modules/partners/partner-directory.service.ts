import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { partnerFunds, partners } from '../../db/schema/index.js';

/*
 * Partner lookups and partner-fund links that other domains (funds) need. Kept apart from
 * partners.service, which itself uses the funds service, so that the two never import each other
 * (issue 15 item 7: no cycles).
 */

const notDeleted = isNull(partners.deletedAt);

/** Partners' names by id (deleted ones included), for other domains' responses. */
export async function partnerNames(db: Database, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(inArray(partners.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** An active partner of kind fund administrator, or `undefined` (a fund's administrator must be one). */
export async function findFundAdministrator(
  db: Database,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(and(eq(partners.id, id), eq(partners.kind, 'fund-administrator'), eq(partners.active, true), notDeleted));
  return row;
}

/** Links a partner to a fund it serves (no-op when linked). `db` may be a transaction. */
export async function ensurePartnerServesFund(db: Database, partnerId: number, fundId: number): Promise<void> {
  await db.insert(partnerFunds).values({ partnerId, fundId }).onConflictDoNothing();
}

/** Removes every partner's link to a fund (the fund is being deleted). */
export async function unlinkFundFromPartners(db: Database, fundId: number): Promise<void> {
  await db.delete(partnerFunds).where(eq(partnerFunds.fundId, fundId));
}

/** The ids of the funds a partner serves, ascending: what its API keys reach. */
export async function partnerFundIds(db: Database, partnerId: number): Promise<number[]> {
  const rows = await db
    .select({ fundId: partnerFunds.fundId })
    .from(partnerFunds)
    .where(eq(partnerFunds.partnerId, partnerId))
    .orderBy(asc(partnerFunds.fundId));
  return rows.map((row) => row.fundId);
}

/**
 * Locks partner `partnerId`'s row until `tx` ends (SELECT ... FOR UPDATE), so that two changes of
 * the partner's own records (e.g. its webhook endpoints, counted against a limit) go one at a time.
 */
export async function lockPartner(tx: Database, partnerId: number): Promise<void> {
  await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)).for('update');
}
