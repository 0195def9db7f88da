import {
  FAST_TRACK_CONDITION_LABELS,
  FAST_TRACK_MIN_NAME_SCORE,
  type FastTrackCondition,
  type FastTrackDecisionResponse,
  formatRand,
} from '@bcp/contract';
import type { RiskConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { AuditContext } from '../../platform/audit/audit.service.js';
import type { BankVerificationProvider } from '../../platform/bank-verification/bank-verification.js';
import { AppError } from '../../platform/errors/app-error.js';
import { fastTrackPersonFacts, lastIdentityCheck, otherClaimIdsOfPerson } from '../../queries/fast-track-facts.js';
import type { MemberBenefit } from '../benefits/index.js';
import { matchClaimBankAccount } from './bank-match.service.js';
import { type ClaimRow, findClaimById } from './benefit-claims.repository.js';
import { decideClaim } from './claim-decisions.service.js';
import type { ClaimDependencies } from './claim-moves.service.js';
import { computeClaimRiskFlags, riskDependencies } from './risk-signals.service.js';

/** What the rule needs besides the database: the bank verification provider, the app secret and the risk thresholds. */
export interface FastTrackDependencies {
  db: Database;
  bankVerification: BankVerificationProvider;
  config: { appSecret?: string | undefined; risk: RiskConfig };
}

/** The rule acts as the system; its audit rows say so. */
export const FAST_TRACK_AUDIT: AuditContext = { actor: { type: 'system', label: 'fast-track' } };

/** Claim statuses that count as another open claim (drafts are not claims yet). */
const OPEN_STATUSES = ['submitted', 'in_review', 'information_requested', 'approved'] as const;

type Results = Record<FastTrackCondition, { passed: boolean; detail: string }>;

/** The last identity check with the provider must have passed (the flag alone is not enough). */
async function identityResult(db: Database, personUserId: number): Promise<Results['identityPassed']> {
  const last = await lastIdentityCheck(db, personUserId);
  if (!last) return { passed: false, detail: 'No identity check with the provider on record.' };
  return {
    passed: last.status === 'passed',
    detail: `The last identity check (${last.provider}) ${last.status === 'pending' ? 'is still pending' : last.status}.`,
  };
}

/** The person's warnings: deceased (register or benefit flag) and the register's name score. */
async function personResults(db: Database, benefitId: number): Promise<Pick<Results, 'notDeceased' | 'namesMatch'>> {
  const { deceased, nameScore: score } = await fastTrackPersonFacts(db, benefitId);
  return {
    notDeceased: {
      passed: !deceased,
      detail: deceased ? 'The person is recorded as deceased.' : 'No death recorded.',
    },
    namesMatch:
      typeof score === 'number'
        ? {
            passed: score >= FAST_TRACK_MIN_NAME_SCORE,
            detail: `Population register name score ${score} (at least ${FAST_TRACK_MIN_NAME_SCORE} needed).`,
          }
        : { passed: true, detail: 'No name warning (no population register score on record).' },
  };
}

/** Other claims of the same person that are submitted, in review, waiting for information or approved. */
async function otherClaimsResult(db: Database, claim: ClaimRow): Promise<Results['noOtherOpenClaim']> {
  const others = await otherClaimIdsOfPerson(db, claim, OPEN_STATUSES);
  return others.length === 0
    ? { passed: true, detail: 'No other open claim.' }
    : { passed: false, detail: `${others.length} other open claim(s): ${others.join(', ')}.` };
}

/**
 * The claim's fraud and risk signals (issue 36 item 3), read after the rule's bank match so that a
 * name the bank did not match counts: a claim with a flag is never fast-tracked.
 */
async function riskResult(deps: FastTrackDependencies, claim: ClaimRow, now: Date): Promise<Results['noRiskFlags']> {
  const fresh = await findClaimById(deps.db, claim.id);
  const flags = await computeClaimRiskFlags(riskDependencies(deps), fresh ?? claim, now);
  return flags.length === 0
    ? { passed: true, detail: 'No fraud or risk flag.' }
    : { passed: false, detail: `${flags.length} flag(s): ${flags.map((flag) => flag.label).join('; ')}.` };
}

/**
 * Runs the bank match (AVS) of the claim's account for the rule, as staff's check does (kept on the
 * claim, audited); only for a claim within the threshold. A provider that cannot answer leaves it
 * "not run".
 */
async function bankMatchResult(
  deps: FastTrackDependencies,
  claim: ClaimRow,
  withinThreshold: boolean,
): Promise<Results['bankMatchPassed']> {
  if (!withinThreshold) return { passed: false, detail: "Not run: over the fund's fast-track amount." };
  if (claim.bankAccountId === null) return { passed: false, detail: 'Not run: no bank account.' };
  try {
    const match = await matchClaimBankAccount(
      {
        db: deps.db,
        secret: deps.config.appSecret as string,
        provider: deps.bankVerification,
        risk: deps.config.risk,
      },
      claim.benefitId,
      {},
      FAST_TRACK_AUDIT,
    );
    return match.status === 'passed'
      ? { passed: true, detail: `Passed (${match.provider}, ${match.reference}).` }
      : { passed: false, detail: `Failed: ${match.failures.join(' ')}` };
  } catch (error) {
    if (error instanceof AppError && (error.kind === 'unavailable' || error.kind === 'conflict')) {
      return { passed: false, detail: `Not run: ${error.message}` };
    }
    throw error;
  }
}

/**
 * The fast-track rule (issue 21 item 2, decision 034), evaluated when the member submits: a claim
 * whose benefit is at or under the fund's threshold (gross, cents), whose member's last identity
 * check passed, whose bank account matched (AVS, run now for such a claim), with no warning on the
 * person (deceased, name mismatch), no other open claim of the same person and no fraud or risk
 * flag (issue 36 item 3), is to be approved
 * by the rule; anything else goes to staff. Each condition's result is kept with the outcome.
 * @returns the evaluation, or null when the fund has no fast track
 * @throws database errors; the bank match's own errors other than "unavailable" and "no account"
 */
export async function evaluateFastTrack(
  deps: FastTrackDependencies,
  claim: ClaimRow,
  benefit: Pick<MemberBenefit, 'id' | 'amountCents' | 'fastTrack'>,
  now: Date = new Date(),
): Promise<FastTrackDecisionResponse | null> {
  const { thresholdCents, days } = benefit.fastTrack;
  if (thresholdCents === null || days === null) return null;
  const withinThreshold = benefit.amountCents <= thresholdCents;
  const results: Results = {
    withinThreshold: {
      passed: withinThreshold,
      detail: `${formatRand(benefit.amountCents)} gross; the fund's fast-track amount is ${formatRand(thresholdCents)}.`,
    },
    identityPassed: await identityResult(deps.db, claim.personUserId),
    bankMatchPassed: await bankMatchResult(deps, claim, withinThreshold),
    ...(await personResults(deps.db, benefit.id)),
    noOtherOpenClaim: await otherClaimsResult(deps.db, claim),
    noRiskFlags: await riskResult(deps, claim, now),
  };
  const conditions = (Object.keys(FAST_TRACK_CONDITION_LABELS) as FastTrackCondition[]).map((key) => ({
    key,
    label: FAST_TRACK_CONDITION_LABELS[key],
    ...results[key],
  }));
  return {
    outcome: conditions.every((condition) => condition.passed) ? 'approved' : 'referred',
    thresholdCents,
    days,
    evaluatedAt: now.toISOString(),
    conditions,
  };
}

/**
 * The fast-track rule's approval (issue 21 item 2, decision 034), right after the submission it
 * evaluated: the system approves through `decideClaim`, exactly as a staff approval does (through
 * the review, audited `claims.approved`, the member told, partners' announcements), with the
 * timeline's note saying the rule decided. Should someone have moved the claim meanwhile (staff
 * started a review and rejected it), their decision stands and the rule does nothing.
 * @throws database errors
 */
export async function approveByFastTrack(deps: ClaimDependencies, claimId: number): Promise<void> {
  try {
    await decideClaim(deps, claimId, 'approved', {}, { type: 'system', id: null }, FAST_TRACK_AUDIT);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict') return;
    throw error;
  }
}
