import type { ClaimRiskResponse, RiskFlagResponse } from '@bcp/contract';
import type { RiskConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { claimIdsOfPersons, claimRiskPerson } from '../../queries/claim-risk-subject.js';
import { type ClaimRow, findClaimById, setClaimColumns } from './benefit-claims.repository.js';
import { type OpenClaimFilter, openClaimIds } from './claim-risk.repository.js';
import {
  deceasedFlag,
  findSameAccounts,
  identityRetriesFlag,
  nameMismatchFlag,
  type RiskDependencies,
  type RiskSubject,
  recentChangeFlag,
  sharedAccountFlag,
  sharedOriginFlag,
} from './risk-signal-checks.js';

export { findSameAccounts, type RiskDependencies } from './risk-signal-checks.js';

/** The signals act as the system; their audit rows say so. */
const RISK_AUDIT: AuditContext = { actor: { type: 'system', label: 'risk-signals' } };

/** The risk dependencies from the app's database and configuration (secret and thresholds). */
export function riskDependencies(app: {
  db: Database;
  config: { appSecret?: string | undefined; risk: RiskConfig };
}): RiskDependencies {
  return { db: app.db, secret: app.config.appSecret as string, risk: app.config.risk };
}

/**
 * Every fraud and risk signal of a claim (issue 36 item 3, decision 040), in `RISK_SIGNALS`
 * order: only those raised, each with its explanation and data. Changes are counted back from the
 * claim's submission (`now` for a claim being submitted). Reads only; `evaluateClaimRisk` stores.
 * @throws database errors
 */
export async function computeClaimRiskFlags(
  deps: RiskDependencies,
  claim: ClaimRow,
  now: Date = new Date(),
): Promise<RiskFlagResponse[]> {
  const row = await claimRiskPerson(deps.db, claim.benefitId);
  if (!row) return [];
  const subject: RiskSubject = { claim, ...row, reference: claim.submittedAt ?? now, now };
  const flags = [
    await sharedAccountFlag(deps, subject),
    await recentChangeFlag(deps, subject),
    await nameMismatchFlag(deps, subject),
    await sharedOriginFlag(deps, subject),
    await identityRetriesFlag(deps, subject),
    deceasedFlag(subject),
  ];
  return flags.filter((flag): flag is RiskFlagResponse => flag !== null);
}

/**
 * Computes a submitted claim's signals again and keeps them on the claim (`riskFlags`,
 * `riskFlagCount`, `riskEvaluatedAt`); when the set of raised signals changed, audits it
 * (`claims.risk_flags_changed`, before and after the signals' keys; nothing for a claim that stays
 * unflagged). Drafts are left alone (they
 * are evaluated when submitted). Call it where a claim's data changes; `db` may be a transaction.
 * @returns the flags now on the claim ([] for a draft or an unknown claim)
 * @throws database errors
 */
export async function evaluateClaimRisk(
  deps: RiskDependencies,
  claimId: number,
  now: Date = new Date(),
): Promise<RiskFlagResponse[]> {
  const claim = await findClaimById(deps.db, claimId);
  if (!claim || claim.status === 'draft') return [];
  const flags = await computeClaimRiskFlags(deps, claim, now);
  await setClaimColumns(deps.db, claim.id, { riskFlags: flags, riskFlagCount: flags.length, riskEvaluatedAt: now });
  const before = (claim.riskFlags as RiskFlagResponse[]).map((flag) => flag.key);
  const after = flags.map((flag) => flag.key);
  if (before.join() !== after.join()) {
    await recordAudit(deps.db, {
      ...RISK_AUDIT,
      action: 'claims.risk_flags_changed',
      entityType: 'claims',
      entityId: claim.id,
      before: { riskFlags: before },
      after: { riskFlags: after },
    });
  }
  return flags;
}

/**
 * At submission (in its transaction): the claim's signals, then those of the other claims in
 * progress paying into an account with the same number, which now have this claim to link to.
 * @returns the submitted claim's flags
 */
export async function evaluateSubmittedClaimRisk(
  deps: RiskDependencies,
  claimId: number,
  now: Date = new Date(),
): Promise<RiskFlagResponse[]> {
  const flags = await evaluateClaimRisk(deps, claimId, now);
  const claim = await findClaimById(deps.db, claimId);
  if (claim?.bankAccountId) {
    const same = await findSameAccounts(deps, claim.bankAccountId);
    if (same.length > 0) {
      await evaluateOpenClaims(deps, { bankAccountIds: same.map((account) => account.id) });
    }
  }
  return flags;
}

/** Evaluates again each claim in progress that `filter` finds. */
async function evaluateOpenClaims(deps: RiskDependencies, filter: OpenClaimFilter): Promise<number> {
  const ids = await openClaimIds(deps.db, filter);
  for (const id of ids) await evaluateClaimRisk(deps, id);
  return ids.length;
}

/**
 * After a member's own data changed (contact details): their claims in progress are evaluated again.
 * @returns how many claims were evaluated
 */
export async function reevaluateMemberClaims(deps: RiskDependencies, personUserId: number): Promise<number> {
  return evaluateOpenClaims(deps, { personUserId });
}

/**
 * After enrichment found something about persons (death, name score): the claims in progress of
 * their benefits are evaluated again.
 * @returns how many claims were evaluated
 */
export async function reevaluatePersonsClaims(deps: RiskDependencies, personIds: number[]): Promise<number> {
  if (personIds.length === 0) return 0;
  return evaluateOpenClaims(deps, { claimIds: await claimIdsOfPersons(deps.db, personIds) });
}

/**
 * After a bank account was added or changed: the claims in progress paying into it, or into
 * another account with the same bank and number (whoever's), are evaluated again; so a second
 * person adding an account already used flags both claims. `alsoAccountIds`: accounts that shared
 * its number before a change (their claims may lose the flag).
 * @returns how many claims were evaluated
 */
export async function reevaluateAccountClaims(
  deps: RiskDependencies,
  accountId: number,
  alsoAccountIds: number[] = [],
): Promise<number> {
  const same = await findSameAccounts(deps, accountId);
  const accountIds = [...new Set([accountId, ...alsoAccountIds, ...same.map((account) => account.id)])];
  return evaluateOpenClaims(deps, { bankAccountIds: accountIds });
}

/** The risk part of a claim for staff. */
export function toClaimRiskResponse(claim: Pick<ClaimRow, 'riskFlags' | 'riskEvaluatedAt'>): ClaimRiskResponse {
  return {
    flags: claim.riskFlags as RiskFlagResponse[],
    evaluatedAt: claim.riskEvaluatedAt?.toISOString() ?? null,
  };
}
