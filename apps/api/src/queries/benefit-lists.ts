import type { AdminBenefitListQuery } from '@bcp/contract';
import dayjs from 'dayjs';
import { and, asc, desc, eq, gt, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { benefits } from '../db/schema/benefits.js';
import { funds } from '../db/schema/funds.js';
import { persons } from '../db/schema/persons.js';
import { afterCursor } from '../platform/lists/cursor.js';

/**
 * The staff benefit lists' read model (issue 9, 18, 25): benefits with their fund and person, as
 * the back office lists, searches and exports them (benefits, funds and persons joined). Read only.
 */
export const adminBenefitColumns = {
  id: benefits.id,
  memberNumber: benefits.memberNumber,
  benefitType: benefits.benefitType,
  amountCents: benefits.amountCents,
  status: benefits.status,
  dependantsProcessAt: benefits.dependantsProcessAt,
  createdAt: benefits.createdAt,
  fund: { id: funds.id, name: funds.name, registrationNumber: funds.registrationNumber },
  person: { id: persons.id, firstName: persons.firstName, lastName: persons.lastName, idNumber: persons.idNumber },
};

/** A benefit row of the staff lists (the person's full ID number: mask it before answering). */
export type AdminBenefitRow = {
  id: number;
  memberNumber: string;
  benefitType: string;
  amountCents: number;
  status: 'unclaimed' | 'claimed' | 'paid';
  dependantsProcessAt: Date | null;
  createdAt: Date;
  fund: { id: number; name: string; registrationNumber: string };
  person: { id: number; firstName: string; lastName: string; idNumber: string };
};

/**
 * The staff search term (issue 9): a 13-digit ID number (exact), else a member number (exact) or a
 * surname (case-insensitive, whole): each an indexed lookup, so search stays fast on millions. A
 * term with a digit in it is no surname: it is looked up as a member number alone (issue 25), so
 * that PostgreSQL uses the member number's index instead of reading benefits and persons whole.
 */
export function benefitSearchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  if (/^\d{13}$/.test(term)) return eq(persons.idNumber, term);
  if (/\d/.test(term)) return eq(benefits.memberNumber, term);
  return or(eq(benefits.memberNumber, term), sql`lower(${persons.lastName}) = lower(${term})`);
}

/** `[from, to]` dates (YYYY-MM-DD, UTC days, both included) as a condition on a timestamp column. */
export function dayRange(column: AnyPgColumn, from?: string, to?: string): SQL | undefined {
  return and(
    from ? gte(column, new Date(`${from}T00:00:00Z`)) : undefined,
    to ? lt(column, dayjs(`${to}T00:00:00Z`).add(1, 'day').toDate()) : undefined,
  );
}

/** The list's filters (fund, status, created dates) and search as one condition: the list and its export. */
export function benefitListCondition(query: Pick<AdminBenefitListQuery, 'filter' | 'q'>): SQL | undefined {
  const filter = query.filter;
  return and(
    filter?.fundId ? eq(benefits.fundId, filter.fundId) : undefined,
    filter?.status ? eq(benefits.status, filter.status) : undefined,
    dayRange(benefits.createdAt, filter?.createdFrom, filter?.createdTo),
    benefitSearchCondition(query.q),
  );
}

/**
 * The order of a benefits page: by id, led by the filtered column when there is one (a filter is an
 * equality, so the order is the same) so that PostgreSQL walks the index on (status, id) or
 * (fund_id, id) or (fund_id, status, id) instead of the whole id index skipping rows of other statuses (issue 25).
 */
function benefitPageOrder(query: Pick<AdminBenefitListQuery, 'filter'>, direction: 'asc' | 'desc'): SQL[] {
  const by = direction === 'desc' ? desc : asc;
  const fund = query.filter?.fundId ? [by(benefits.fundId)] : [];
  const status = query.filter?.status ? [by(benefits.status)] : [];
  return [...fund, ...status, by(benefits.id)];
}

/** Benefits with their fund and person: the lists' FROM. */
function benefitsWithFundAndPerson(db: Database) {
  return db
    .select(adminBenefitColumns)
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .innerJoin(funds, eq(funds.id, benefits.fundId));
}

/**
 * One page of the staff benefit list: `pageSize + 1` rows after the cursor, in the list's order
 * (`sort` direction by id, led by the filtered columns).
 * @throws AppError `validation` (422, `cursor`) for a cursor this server did not give
 */
export async function listBenefitRows(db: Database, query: AdminBenefitListQuery): Promise<AdminBenefitRow[]> {
  const direction = query.sort[0]?.direction ?? 'desc';
  return benefitsWithFundAndPerson(db)
    .where(and(benefitListCondition(query), afterCursor(benefits.id, direction, query.cursor)))
    .orderBy(...benefitPageOrder(query, direction))
    .limit(query.pageSize + 1);
}

/** One benefit with its fund and person, or undefined. */
export async function findBenefitRow(db: Database, benefitId: number): Promise<AdminBenefitRow | undefined> {
  const [row] = await benefitsWithFundAndPerson(db).where(eq(benefits.id, benefitId));
  return row;
}

/**
 * A keyset page of the benefit export (issue 18): up to `batchSize` rows of `condition` after the
 * id `after` (newest first: ids below it), ordered by id.
 */
export function benefitRowsAfter(
  db: Database,
  condition: SQL | undefined,
  newestFirst: boolean,
  after: number | undefined,
  batchSize: number,
): Promise<AdminBenefitRow[]> {
  return benefitsWithFundAndPerson(db)
    .where(
      and(condition, after === undefined ? undefined : newestFirst ? lt(benefits.id, after) : gt(benefits.id, after)),
    )
    .orderBy(newestFirst ? desc(benefits.id) : asc(benefits.id))
    .limit(batchSize);
}
