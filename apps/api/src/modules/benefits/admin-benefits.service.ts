import {
  type AdminBenefitDetailResponse,
  type AdminBenefitListQuery,
  type AdminBenefitListResponse,
  type AdminBenefitResponse,
  CLAIM_MESSAGES,
  maskSaIdNumber,
  type StatusCountsResponse,
} from '@bcp/contract';
import dayjs from 'dayjs';
import { and, asc, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { benefits, funds, persons } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { afterCursor, cursorPage } from '../../platform/lists/cursor.js';
import { findCurrentClaimSummaries } from '../../queries/current-claims.js';

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

type AdminBenefitRow = {
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

/** The person behind a benefit as staff lists show them: the ID number masked. */
export function toAdminPersonSummary(person: AdminBenefitRow['person']): AdminBenefitResponse['person'] {
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    idNumberMasked: maskSaIdNumber(person.idNumber),
  };
}

/** A benefit as staff lists show it: the person's ID number masked. */
export function toAdminBenefitResponse(row: AdminBenefitRow): AdminBenefitResponse {
  return {
    id: row.id,
    fund: row.fund,
    person: toAdminPersonSummary(row.person),
    memberNumber: row.memberNumber,
    benefitType: row.benefitType,
    amountCents: row.amountCents,
    status: row.status,
    dependantsProcessAt: row.dependantsProcessAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

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

/**
 * `GET /api/v1/benefits` (issue 9): benefits newest first (or oldest with `sort=id:asc`), filtered by
 * fund, status and created date, searched by ID number, member number or surname; cursor pages.
 * @throws AppError `validation` (422, `cursor`) for a cursor this server did not give
 */
export async function listBenefitsForStaff(
  db: Database,
  query: AdminBenefitListQuery,
): Promise<AdminBenefitListResponse> {
  const direction = query.sort[0]?.direction ?? 'desc';
  const rows = await db
    .select(adminBenefitColumns)
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .where(and(benefitListCondition(query), afterCursor(benefits.id, direction, query.cursor)))
    .orderBy(...benefitPageOrder(query, direction))
    .limit(query.pageSize + 1);
  return cursorPage(rows, query.pageSize, toAdminBenefitResponse);
}

/** `GET /api/v1/benefits/status`: benefits counted by status (optionally one fund's). */
export async function countBenefitsByStatus(db: Database, fundId?: number): Promise<StatusCountsResponse> {
  const rows = await db
    .select({ status: benefits.status, count: sql<number>`count(*)::int` })
    .from(benefits)
    .where(fundId ? eq(benefits.fundId, fundId) : undefined)
    .groupBy(benefits.status);
  return toStatusCounts(rows);
}

/** Grouped counts as the `.../status` calls answer them: by status, and all together. */
export function toStatusCounts(rows: readonly { status: string; count: number }[]): StatusCountsResponse {
  const counts = Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  return { counts, total: rows.reduce((sum, row) => sum + Number(row.count), 0) };
}

/**
 * `GET /api/v1/benefits/{id}`: one benefit with its current claim; the view of a member's personal
 * data is audited (`benefits.viewed`).
 * @throws AppError `not_found` (404)
 */
export async function getBenefitForStaff(
  db: Database,
  benefitId: number,
  context: AuditContext,
): Promise<AdminBenefitDetailResponse> {
  const [row] = await db
    .select(adminBenefitColumns)
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .where(eq(benefits.id, benefitId));
  if (!row) throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound);
  await recordAudit(db, { ...context, action: 'benefits.viewed', entityType: 'benefits', entityId: row.id });
  const claims = await findCurrentClaimSummaries(db, [row.id]);
  return { ...toAdminBenefitResponse(row), claim: claims.get(row.id) ?? null };
}
