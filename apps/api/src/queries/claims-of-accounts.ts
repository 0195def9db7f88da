import { CLAIM_STATUSES_IN_PROGRESS } from '@bcp/contract';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';

/**
 * The claims that pay into members' bank accounts, as the bank account screens need them (issue 35
 * item 3): read only. Draft claims forget a removed account through benefit-claims'
 * `forgetAccountsInDrafts`.
 */

/** Of these accounts (`person_bank_accounts.id`), those a submitted, unfinished claim pays into. */
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

/** Of these accounts (`person_bank_accounts.id`), those any claim (of any status) names. */
export async function accountsUsedByClaims(db: Database, accountIds: readonly number[]): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ bankAccountId: benefitClaims.bankAccountId })
    .from(benefitClaims)
    .where(and(inArray(benefitClaims.bankAccountId, [...accountIds]), isNotNull(benefitClaims.bankAccountId)));
  return new Set(rows.map((row) => row.bankAccountId).filter((id): id is number => id !== null));
}
