import type { AdminClaimListQuery } from '@bcp/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { funds } from '../db/schema/funds.js';
import { personUsers } from '../db/schema/person-users.js';
import { persons } from '../db/schema/persons.js';
import { users } from '../db/schema/users.js';
import { afterCursor } from '../platform/lists/cursor.js';
import { idIn, rowsInIdOrder } from '../platform/lists/page-by-ids.js';
import { estimatedRows } from '../platform/lists/row-estimate.js';
import { type AdminBenefitRow, adminBenefitColumns, benefitSearchCondition, dayRange } from './benefit-lists.js';
import { type keyedOrder, queueColumns, riskAndAssigneeCondition } from './claim-queue.js';

/**
 * Read model of the staff claims list and claim page (issue 9, 18, 25, 36; issue 35 item 3): claims
 * with their benefit, fund, person and assignee (benefit_claims, benefits, funds, persons, users
 * joined), counted by status, and one claim's benefit with its claimant (person_users). Read only.
 */

const claimListColumns = {
  ...adminBenefitColumns,
  id: benefitClaims.id,
  benefitId: benefitClaims.benefitId,
  claimStatus: benefitClaims.status,
  submittedAt: benefitClaims.submittedAt,
  updatedAt: benefitClaims.updatedAt,
  ...queueColumns,
};

/** Claims with their benefit, fund, person and assignee: the list's FROM. */
function claimsQuery(db: Database) {
  return db
    .select(claimListColumns)
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .leftJoin(users, eq(users.id, benefitClaims.assignedUserId));
}

/**
 * One claim of the staff list: the benefit's columns (`AdminBenefitRow`: the person's full ID
 * number, mask it before answering), the claim's id, benefit, status and dates, its risk flags'
 * number and assignee (`toAssignee`).
 */
export type ClaimListRow = Awaited<ReturnType<ReturnType<typeof claimsQuery>['execute']>>[number];

/**
 * The claims list's filters (fund, status, submitted dates, gross amount, risk flags, assignee) and
 * search as one condition (drafts only when asked for): the list and its export. `scope.callerId`
 * is the staff user `filter[assignee]=me` means; `scope.fundIds` limits the claims to those funds.
 */
export function claimListCondition(
  query: Pick<AdminClaimListQuery, 'filter' | 'q'>,
  scope: { fundIds?: number[]; callerId?: number } = {},
): SQL | undefined {
  const filter = query.filter;
  return and(
    filter?.fundId ? eq(benefitClaims.fundId, filter.fundId) : undefined,
    scope.fundIds ? inArray(benefitClaims.fundId, scope.fundIds) : undefined,
    filter?.status ? eq(benefitClaims.status, filter.status) : sql`${benefitClaims.status} <> 'draft'`,
    dayRange(benefitClaims.submittedAt, filter?.submittedFrom, filter?.submittedTo),
    filter?.minAmountCents !== undefined ? gte(benefits.amountCents, filter.minAmountCents) : undefined,
    filter?.maxAmountCents !== undefined ? lte(benefits.amountCents, filter.maxAmountCents) : undefined,
    riskAndAssigneeCondition(filter, scope.callerId),
    benefitSearchCondition(query.q),
  );
}

/** The list's filters as SQL (`claimListCondition`) and the tables besides benefit_claims they read. */
export interface ClaimListFilter {
  condition: SQL | undefined;
  /** benefits: the gross amount or the search; persons: the search (a surname, an ID number). */
  reads: { benefits: boolean; persons: boolean };
}

/**
 * The claims list's filters and search (`claimListCondition`) with the tables they read besides
 * benefit_claims, so that the page's ids and the total join nothing more (funds never: every claim
 * has one; decision 082).
 */
export function claimListFilter(
  query: Pick<AdminClaimListQuery, 'filter' | 'q'>,
  scope: { fundIds?: number[]; callerId?: number } = {},
): ClaimListFilter {
  const searching = Boolean(query.q?.trim());
  const byAmount = query.filter?.minAmountCents !== undefined || query.filter?.maxAmountCents !== undefined;
  return {
    condition: claimListCondition(query, scope),
    reads: { benefits: searching || byAmount, persons: searching },
  };
}

/** `query` (from benefit_claims) joined to what `reads` names: benefits, and persons through it. */
function joinReads<Q extends PgSelect>(query: Q, reads: ClaimListFilter['reads']): Q {
  // An inner join to a table every claim has a row of: the selection's type (ids, a count) is unchanged.
  let joined = query;
  if (reads.benefits || reads.persons)
    joined = joined.innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId)) as unknown as Q;
  if (reads.persons) joined = joined.innerJoin(persons, eq(persons.id, benefits.personId)) as unknown as Q;
  return joined;
}

/** The claims of `ids` with every join the page shows, in the order of `ids` (decision 082). */
function claimRowsOf(db: Database, ids: readonly number[]): Promise<ClaimListRow[]> {
  return rowsInIdOrder(
    ids,
    (page) => claimsQuery(db).where(idIn(benefitClaims.id, page)),
    (row) => row.id,
  );
}

/**
 * Up to `limit` claims matching `filter` (`claimListFilter`) in the keyed order `order`
 * (`keyedOrder` of claim-queue: by risk flags, submission date or gross amount, after its cursor):
 * the page's ids first, then their rows (decision 082).
 */
export async function claimRowsByKey(
  db: Database,
  filter: ClaimListFilter,
  order: ReturnType<typeof keyedOrder>,
  limit: number,
): Promise<ClaimListRow[]> {
  const reads = { ...filter.reads, benefits: filter.reads.benefits || order.readsBenefits };
  const page = await joinReads(db.select({ id: benefitClaims.id }).from(benefitClaims).$dynamic(), reads)
    .where(and(filter.condition, order.after))
    .orderBy(...order.orderBy)
    .limit(limit);
  return claimRowsOf(
    db,
    page.map((row) => row.id),
  );
}

/**
 * Up to `limit` claims matching `filter` (`claimListFilter`) by claim id in `direction`, after the
 * id `cursor` (`platform/lists/cursor.ts`): the page's ids first, then their rows (decision 082).
 * `leadByStatus` (the list is filtered by one status) leads the order by the status, so that the
 * index on (status, id) gives the page (issue 25).
 * @throws AppError `validation` (422, `cursor`) for a cursor this server did not give
 */
export async function claimRowsById(
  db: Database,
  filter: ClaimListFilter,
  page: { direction: 'asc' | 'desc'; cursor: string | undefined; leadByStatus: boolean },
  limit: number,
): Promise<ClaimListRow[]> {
  const by = page.direction === 'desc' ? desc : asc;
  const ids = await joinReads(db.select({ id: benefitClaims.id }).from(benefitClaims).$dynamic(), filter.reads)
    .where(and(filter.condition, afterCursor(benefitClaims.id, page.direction, page.cursor)))
    .orderBy(...(page.leadByStatus ? [by(benefitClaims.status)] : []), by(benefitClaims.id))
    .limit(limit);
  return claimRowsOf(
    db,
    ids.map((row) => row.id),
  );
}

/**
 * How many claims match the list's filters and search (`claimListFilter` of the list's query and
 * scope): the queue's total (issue 38 item 3; kept when large by `listTotal`). Joins only what the
 * filters read (issue 40 item 3): benefits for the gross amount and the search, persons for the
 * search, funds never (every claim has one); so a total by status, fund or both is counted from an
 * index of benefit_claims alone (`benefit_claims_status_idx`, `benefit_claims_fund_status_idx`).
 */
export async function countClaimRows(db: Database, filter: ClaimListFilter): Promise<number> {
  const counting = db.select({ count: sql<number>`count(*)::int` }).from(benefitClaims).$dynamic();
  const [row] = await joinReads(counting, filter.reads).where(filter.condition);
  return row?.count ?? 0;
}

/**
 * From this many claims (the planner's estimate), the queue's total of a search by surname is that
 * estimate (decision 072): beyond a few thousand matches the exact count's cheapest plan reads
 * benefits and persons whole; 5,000, well under the 10,000 of `LARGE_TOTAL_ROWS`, so that the
 * statistics' sampling error around a common surname never tips it back into counting.
 */
export const ESTIMATED_TOTAL_FROM_ROWS = 5_000;

/**
 * The planner's estimate of how many claims a search by surname matches (`estimatedRows`), when it
 * is at least `ESTIMATED_TOTAL_FROM_ROWS`; undefined otherwise (no search, an ID or member number,
 * or a surname few claims have: count those exactly with `countClaimRows`). Decision 072: an exact
 * count of a common surname's claims (`q=Smith`: a tenth of a million persons) reads benefits and
 * persons whole.
 */
export async function estimateClaimSearchRows(
  db: Database,
  query: Pick<AdminClaimListQuery, 'filter' | 'q'>,
  scope: { fundIds?: number[]; callerId?: number } = {},
): Promise<number | undefined> {
  const term = query.q?.trim();
  if (!term || /\d/.test(term)) return undefined;
  const matching = db
    .select({ id: benefitClaims.id })
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .where(claimListCondition(query, scope));
  const estimate = await estimatedRows(db, matching.getSQL());
  return estimate >= ESTIMATED_TOTAL_FROM_ROWS ? estimate : undefined;
}

/**
 * Claims counted by status (of one fund's benefits when `fundId` is given), drafts included: from
 * the indexes on (status) and (fund_id, status) of benefit_claims alone.
 */
export function countClaimRowsByStatus(
  db: Database,
  fundId: number | undefined,
): Promise<{ status: string; count: number }[]> {
  return db
    .select({ status: benefitClaims.status, count: sql<number>`count(*)::int` })
    .from(benefitClaims)
    .where(fundId ? eq(benefitClaims.fundId, fundId) : undefined)
    .groupBy(benefitClaims.status);
}

/** A claim's benefit as the claim page shows it, with the claimant (the member user who claims). */
export type ClaimReviewRow = AdminBenefitRow & {
  claimant: {
    personUserId: number;
    /** YYYY-MM-DD */
    dateOfBirth: string;
    email: string | null;
    phoneNumber: string | null;
    iidentifiiVerified: boolean;
  };
};

/**
 * The benefit `benefitId` with its fund and person, and the member user `personUserId` (the
 * claimant's contacts and identity check); undefined when either is missing.
 */
export async function claimReviewRow(
  db: Database,
  benefitId: number,
  personUserId: number,
): Promise<ClaimReviewRow | undefined> {
  const [row] = await db
    .select({
      ...adminBenefitColumns,
      claimant: {
        personUserId: personUsers.id,
        dateOfBirth: persons.dateOfBirth,
        email: personUsers.email,
        phoneNumber: personUsers.phoneNumber,
        iidentifiiVerified: personUsers.iidentifiiVerified,
      },
    })
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .innerJoin(personUsers, eq(personUsers.id, personUserId))
    .where(eq(benefits.id, benefitId));
  return row;
}
