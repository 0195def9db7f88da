import { CLAIM_STATUSES_IN_PROGRESS } from '@bcp/contract';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefitClaims } from '../../db/schema/benefit-claims.js';

/** Which claims to evaluate again: those paying into these accounts, of a member, or these ids. */
export type OpenClaimFilter =
  | { bankAccountIds: readonly number[] }
  | { personUserId: number }
  | { claimIds: readonly number[] };

function conditionOf(filter: OpenClaimFilter): SQL | undefined {
  if ('bankAccountIds' in filter) return inArray(benefitClaims.bankAccountId, [...filter.bankAccountIds]);
  if ('personUserId' in filter) return eq(benefitClaims.personUserId, filter.personUserId);
  return inArray(benefitClaims.id, [...filter.claimIds]);
}

/** The ids of the claims in progress (submitted, unfinished) that `filter` finds, ascending. */
export async function openClaimIds(db: Database, filter: OpenClaimFilter): Promise<number[]> {
  if ('bankAccountIds' in filter && filter.bankAccountIds.length === 0) return [];
  if ('claimIds' in filter && filter.claimIds.length === 0) return [];
  const rows = await db
    .select({ id: benefitClaims.id })
    .from(benefitClaims)
    .where(and(conditionOf(filter), inArray(benefitClaims.status, [...CLAIM_STATUSES_IN_PROGRESS])))
    .orderBy(asc(benefitClaims.id));
  return rows.map((row) => row.id);
}

/** The claims (drafts left out) paying into any of these accounts, by id, with their member user. */
export async function claimsPayingInto(
  db: Database,
  bankAccountIds: readonly number[],
): Promise<{ id: number; personUserId: number }[]> {
  if (bankAccountIds.length === 0) return [];
  return db
    .select({ id: benefitClaims.id, personUserId: benefitClaims.personUserId })
    .from(benefitClaims)
    .where(and(inArray(benefitClaims.bankAccountId, [...bankAccountIds]), ne(benefitClaims.status, 'draft')))
    .orderBy(asc(benefitClaims.id));
}
