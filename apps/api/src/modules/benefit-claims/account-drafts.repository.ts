import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefitClaims } from '../../db/schema/benefit-claims.js';

/**
 * Draft claims that chose one of these bank accounts (`person_bank_accounts.id`) forget it
 * (`bank_account_id` set to null); submitted claims keep theirs. Called when a member removes an
 * account or closes their profile.
 */
export async function forgetAccountsInDrafts(db: Database, accountIds: readonly number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db
    .update(benefitClaims)
    .set({ bankAccountId: null })
    .where(and(inArray(benefitClaims.bankAccountId, [...accountIds]), eq(benefitClaims.status, 'draft')));
}
