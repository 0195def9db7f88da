import { useAccountClaims } from '../person-banks/index.js';
import { forgetAccountsInDrafts } from './account-drafts.repository.js';
import { findSameAccounts, reevaluateAccountClaims } from './risk-signals.service.js';

export { forgetAccountsInDrafts } from './account-drafts.repository.js';

/**
 * Gives person-banks what it asks of the claims when a member's account changes (issue 35 item 2):
 * the accounts with the same number, the risk re-check of the claims paying into them (issue 36
 * item 3) and the drafts forgetting a removed account. benefit-claims reads accounts through
 * person-banks' index.ts, so the call goes this way round; the module's `install` calls it.
 */
export function startAccountClaims(): void {
  useAccountClaims({ findSameAccounts, reevaluateAccountClaims, forgetAccountsInDrafts });
}
