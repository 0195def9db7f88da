import type { RiskConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { handedOver } from '../../platform/wiring/handed-over.js';

/**
 * What person-banks asks of the claims when an account changes (issue 35 item 2): benefit-claims
 * reads accounts through person-banks' index.ts, so person-banks does not import benefit-claims;
 * benefit-claims gives these functions at start-up (its module's `install`, `useAccountClaims`).
 */
export interface AccountClaims {
  /** The other accounts with the same bank and number as `accountId` (any member's). */
  findSameAccounts(deps: { db: Database; secret: string }, accountId: number): Promise<{ id: number }[]>;
  /** Evaluates again the risk signals of the open claims paying into these accounts (issue 36 item 3). */
  reevaluateAccountClaims(
    deps: { db: Database; secret: string; risk: RiskConfig },
    accountId: number,
    alsoAccountIds?: number[],
  ): Promise<number>;
  /** Draft claims that chose one of these accounts forget it. */
  forgetAccountsInDrafts(db: Database, accountIds: readonly number[]): Promise<void>;
}

const accountClaims = handedOver<AccountClaims>('benefit-claims has not given person-banks its account functions');

/** Gives person-banks the claims' functions; benefit-claims calls it at start-up. */
export function useAccountClaims(claims: AccountClaims): void {
  accountClaims.give(claims);
}

/**
 * The claims' functions given by `useAccountClaims`.
 * @throws Error when benefit-claims has not started (a wiring mistake)
 */
export function claimsOfAccounts(): AccountClaims {
  return accountClaims.take();
}
