/**
 * The benefit-claims module's public functions and types (issue 35 item 2): other modules reach
 * claims only through this file.
 */

export { forgetAccountsInDrafts, startAccountClaims } from './account-claims.service.js';
export { claimStatusesRelation } from './benefit-claims.repository.js';
export { describeClaim, todaysPayout } from './benefit-claims.service.js';
export { announceClaimMove } from './claim-announcements.js';
export { COUNTED_CLAIM_MOVES, type CountedClaimMove, countClaimMoves } from './claim-counts.repository.js';
export { type ClaimAnnouncer, markPaidFromStaging } from './claim-moves.service.js';
export {
  findSameAccounts,
  type RiskDependencies,
  reevaluateAccountClaims,
  reevaluateMemberClaims,
  reevaluatePersonsClaims,
  riskDependencies,
} from './risk-signals.service.js';
