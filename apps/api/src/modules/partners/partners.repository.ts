import type { ListQuery, PartnerKind } from '@bcp/contract';
import { and, asc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { hasRows } from '../../db/has-rows.js';
import { partnerFunds } from '../../db/schema/partner-funds.js';
import { partners } from '../../db/schema/partners.js';
import { orderBy, searchCondition } from '../../platform/lists/list-page.js';

/*
 * The partners module's data access (issue 35 item 1): the `partners` rows and the `partner_funds`
 * links (which funds a partner serves, so which its API keys reach). Rules (names in use, funds it
 * administers, audit) are in partners.service.ts; the API keys in partner-api-keys.repository.ts.
 */

/** A `partners` row as stored (`deletedAt` set: soft-deleted). */
export type PartnerRecord = typeof partners.$inferSelect;
/** Columns of a partner to insert or set. */
export type PartnerValues = Partial<typeof partners.$inferInsert>;
/** The columns a partner list sorts by. */
export type PartnerSort = 'id' | 'name' | 'kind' | 'createdAt';
/** A partner list's filters: kind, active, and `fundId` (serves that fund). */
export type PartnerFilter = {
  kind?: PartnerKind | undefined;
  active?: boolean | undefined;
  fundId?: number | undefined;
};

const notDeleted = isNull(partners.deletedAt);

/** Whether any partner row exists (deleted ones included). */
export async function anyPartnerExists(db: Database): Promise<boolean> {
  return hasRows(db, partners);
}

/** A partner that is not deleted, or `undefined`. */
export async function selectLivePartner(db: Database, id: number): Promise<PartnerRecord | undefined> {
  const [row] = await db
    .select()
    .from(partners)
    .where(and(eq(partners.id, id), notDeleted));
  return row;
}

/** Whether another partner that is not deleted (not `exceptPartnerId`) has this name. */
export async function partnerNameTaken(db: Database, name: string, exceptPartnerId?: number): Promise<boolean> {
  const [other] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(
      and(
        eq(partners.name, name),
        notDeleted,
        exceptPartnerId === undefined ? undefined : ne(partners.id, exceptPartnerId),
      ),
    );
  return other !== undefined;
}

/** Inserts a partner; returns the row. */
export async function insertPartner(
  db: Database,
  values: PartnerValues & Pick<typeof partners.$inferInsert, 'name' | 'kind'>,
): Promise<PartnerRecord> {
  const [row] = await db.insert(partners).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Sets a partner's columns (and `updatedAt`); the row, or `undefined` when gone. */
export async function updatePartnerRow(
  db: Database,
  id: number,
  values: PartnerValues,
): Promise<PartnerRecord | undefined> {
  const [row] = await db
    .update(partners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(partners.id, id))
    .returning();
  return row;
}

/** Soft-deletes a partner at `now`: `deletedAt` set, inactive (its keys stop working). */
export async function softDeletePartnerRow(db: Database, id: number, now: Date): Promise<void> {
  await db.update(partners).set({ deletedAt: now, active: false, updatedAt: now }).where(eq(partners.id, id));
}

/** A page of partners that are not deleted (`filter[...]`, `q` over name, contact name and email) and the count. */
export function partnerListQueries(db: Database, query: ListQuery<PartnerSort, PartnerFilter>) {
  const filter = query.filter ?? {};
  const servingFund = filter.fundId
    ? inArray(
        partners.id,
        db.select({ id: partnerFunds.partnerId }).from(partnerFunds).where(eq(partnerFunds.fundId, filter.fundId)),
      )
    : undefined;
  const where: SQL | undefined = and(
    notDeleted,
    filter.kind ? eq(partners.kind, filter.kind) : undefined,
    filter.active === undefined ? undefined : eq(partners.active, filter.active),
    servingFund,
    searchCondition(query.q, [partners.name, partners.contactName, partners.contactEmail]),
  );
  const columns = { id: partners.id, name: partners.name, kind: partners.kind, createdAt: partners.createdAt };
  return {
    rows: (window: { limit: number; offset: number }): Promise<PartnerRecord[]> =>
      db
        .select()
        .from(partners)
        .where(where)
        .orderBy(...orderBy(query.sort, columns, partners.id))
        .limit(window.limit)
        .offset(window.offset),
    count: (): Promise<number> => db.$count(partners, where),
  };
}

/** Partners' names by id (deleted ones included), for other domains' responses. Unknown ids are absent. */
export async function partnerNames(db: Database, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(inArray(partners.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Locks partner `partnerId`'s row until `tx` ends (SELECT ... FOR UPDATE), so that two changes of
 * the partner's own records (e.g. its webhook endpoints, counted against a limit) go one at a time.
 */
export async function lockPartner(tx: Database, partnerId: number): Promise<void> {
  await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)).for('update');
}

/** The fund links (`{ partnerId, fundId }`) of these partners, in no particular order. */
export async function partnerFundLinks(
  db: Database,
  partnerIds: readonly number[],
): Promise<{ partnerId: number; fundId: number }[]> {
  if (partnerIds.length === 0) return [];
  return db
    .select({ partnerId: partnerFunds.partnerId, fundId: partnerFunds.fundId })
    .from(partnerFunds)
    .where(inArray(partnerFunds.partnerId, [...partnerIds]));
}

/** Replaces the funds a partner serves with `fundIds` (duplicates ignored). `db` may be a transaction. */
export async function replacePartnerFunds(db: Database, partnerId: number, fundIds: readonly number[]): Promise<void> {
  await db.delete(partnerFunds).where(eq(partnerFunds.partnerId, partnerId));
  const unique = [...new Set(fundIds)];
  if (unique.length > 0) await db.insert(partnerFunds).values(unique.map((fundId) => ({ partnerId, fundId })));
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
