import { CLAIM_STATUSES_IN_PROGRESS } from '@bcp/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefitClaims } from '../../db/schema/benefit-claims.js';

/**
 * The claims that pay into members' bank accounts, as person-banks needs them. These read and write
 * `benefit_claims` (benefit-claims' table): they are to move to the benefit-claims module and be
 * called through its index.ts (issue 35 items 1 and 4; left for its owner).
 */

/** Of these accounts, those a submitted, unfinished claim pays into. */
export async function accountsInProgress(db: Database, accountIds: readonly number[]): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .select({ bankAccountId: benefitClaims.bankAccountId })
    .from(benefitClaims)
    .where(
      and(
        inArray(benefitClaims.bankAccountId, [...accountIds]),
        inArray(benefitClaims.status, [...CLAIM_STATUSES_IN_PROGRESS]),
      ),
    );
  return new Set(rows.map((row) => row.bankAccountId).filter((id): id is number => id !== null));
}

/** Of these accounts, those any claim (of any status) names. */
export async function accountsUsedByClaims(db: Database, accountIds: readonly number[]): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ bankAccountId: benefitClaims.bankAccountId })
    .from(benefitClaims)
    .where(and(inArray(benefitClaims.bankAccountId, [...accountIds]), isNotNull(benefitClaims.bankAccountId)));
  return new Set(rows.map((row) => row.bankAccountId).filter((id): id is number => id !== null));
}

/** Draft claims that chose one of these accounts forget it. */
export async function forgetAccountsInDrafts(db: Database, accountIds: readonly number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db
    .update(benefitClaims)
    .set({ bankAccountId: null })
    .where(and(inArray(benefitClaims.bankAccountId, [...accountIds]), eq(benefitClaims.status, 'draft')));
}
