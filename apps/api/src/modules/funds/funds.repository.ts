import type { FundStatus, ListQuery } from '@bcp/contract';
import { and, arrayContains, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { funds } from '../../db/schema/funds.js';
import { orderBy, searchCondition } from '../../platform/lists/list-page.js';

/** A `funds` row as stored. */
export type FundRecord = typeof funds.$inferSelect;
/** Columns of a fund to insert or set. */
export type FundValues = Partial<typeof funds.$inferInsert>;
/** The columns a fund list sorts by. */
export type FundSort = 'id' | 'name' | 'registrationNumber' | 'status' | 'createdAt';
/** A fund list's filters. */
export type FundFilter = {
  status?: FundStatus | undefined;
  fundTypeId?: number | undefined;
  administratorPartnerId?: number | undefined;
  tag?: string | undefined;
};

/** A fund row by id, or `undefined`. */
export async function selectFundRow(db: Database, id: number): Promise<FundRecord | undefined> {
  const [row] = await db.select().from(funds).where(eq(funds.id, id));
  return row;
}

/** Funds' names by id. Unknown ids are absent. */
export async function fundNamesByIds(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: funds.id, name: funds.name })
    .from(funds)
    .where(inArray(funds.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The funds whose administrator is `partnerId` (id and name), by name. */
export async function fundsAdministeredBy(db: Database, partnerId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: funds.id, name: funds.name })
    .from(funds)
    .where(eq(funds.administratorPartnerId, partnerId))
    .orderBy(asc(funds.name));
}

/** Whether another fund (not `exceptFundId`) has this registration number. */
export async function registrationNumberTaken(
  db: Database,
  registrationNumber: string,
  exceptFundId?: number,
): Promise<boolean> {
  const [other] = await db
    .select({ id: funds.id })
    .from(funds)
    .where(
      and(
        eq(funds.registrationNumber, registrationNumber),
        exceptFundId === undefined ? undefined : ne(funds.id, exceptFundId),
      ),
    );
  return other !== undefined;
}

/** Inserts a fund; returns the row. */
export async function insertFund(
  db: Database,
  values: FundValues & Pick<typeof funds.$inferInsert, 'name' | 'registrationNumber'>,
): Promise<FundRecord> {
  const [row] = await db.insert(funds).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Sets a fund's columns (and `updatedAt`); the row, or `undefined` when gone. */
export async function updateFundRow(db: Database, id: number, values: FundValues): Promise<FundRecord | undefined> {
  const [row] = await db
    .update(funds)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(funds.id, id))
    .returning();
  return row;
}

/** Deletes a fund row (a foreign key still pointing at it raises 23503). */
export async function deleteFundRow(db: Database, id: number): Promise<void> {
  await db.delete(funds).where(eq(funds.id, id));
}

/** A page of funds (`filter[...]`, `q` over name and registration number) and the total count. */
export function fundListQueries(db: Database, query: ListQuery<FundSort, FundFilter>) {
  const filter = query.filter ?? {};
  const where: SQL | undefined = and(
    filter.status ? eq(funds.status, filter.status) : undefined,
    filter.fundTypeId ? eq(funds.fundTypeId, filter.fundTypeId) : undefined,
    filter.administratorPartnerId ? eq(funds.administratorPartnerId, filter.administratorPartnerId) : undefined,
    filter.tag ? arrayContains(funds.tags, [filter.tag]) : undefined,
    searchCondition(query.q, [funds.name, funds.registrationNumber]),
  );
  const columns = {
    id: funds.id,
    name: funds.name,
    registrationNumber: funds.registrationNumber,
    status: funds.status,
    createdAt: funds.createdAt,
  };
  return {
    rows: (window: { limit: number; offset: number }): Promise<FundRecord[]> =>
      db
        .select()
        .from(funds)
        .where(where)
        .orderBy(...orderBy(query.sort, columns, funds.id))
        .limit(window.limit)
        .offset(window.offset),
    count: (): Promise<number> => db.$count(funds, where),
  };
}

/** Every tag on any fund, sorted. */
export async function listFundTags(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: sql<string>`unnest(${funds.tags})` })
    .from(funds)
    .orderBy(sql`1`);
  return rows.map((row) => row.tag);
}

/** The number of funds (archived included). */
export async function countFunds(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(funds);
  return row?.value ?? 0;
}

/** A fund's id by registration number, or `undefined`. */
export async function findFundIdByRegistrationNumber(
  db: Database,
  registrationNumber: string,
): Promise<number | undefined> {
  const [row] = await db.select({ id: funds.id }).from(funds).where(eq(funds.registrationNumber, registrationNumber));
  return row?.id;
}

/** Every fund's id, name and status, by name. */
export async function fundChoiceRows(db: Database): Promise<{ id: number; name: string; status: FundStatus }[]> {
  return db
    .select({ id: funds.id, name: funds.name, status: funds.status })
    .from(funds)
    .orderBy(asc(funds.name), asc(funds.id));
}

/** The ids of the active funds. */
export async function activeFundIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: funds.id }).from(funds).where(eq(funds.status, 'active'));
  return rows.map((row) => row.id);
}

/** A fund's name by id, or `undefined` (no 404: for jobs about a fund that may be gone). */
export async function findFundName(db: Database, id: number): Promise<{ name: string } | undefined> {
  const [row] = await db.select({ name: funds.name }).from(funds).where(eq(funds.id, id));
  return row;
}

/** The funds with these ids (id, name, registration number), by name; unknown ids are absent. */
export async function fundSummaries(
  db: Database,
  ids: readonly number[],
): Promise<Array<{ id: number; name: string; registrationNumber: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: funds.id, name: funds.name, registrationNumber: funds.registrationNumber })
    .from(funds)
    .where(inArray(funds.id, [...ids]))
    .orderBy(asc(funds.name), asc(funds.id));
}

/**
 * Locks a fund's row (`FOR UPDATE`) until the end of the transaction `tx`, so that work on one
 * fund (e.g. building its invoice drafts) runs one at a time. Whether the fund exists.
 */
export async function lockFund(tx: Database, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: funds.id }).from(funds).where(eq(funds.id, id)).for('update');
  return row !== undefined;
}
