import {
  APPROVAL_CHECK_LABELS,
  APPROVAL_CHECKS,
  APPROVAL_MESSAGES,
  type ApprovalCheck,
  type ApprovalCheckResponse,
  type ApprovalOverrideResponse,
  CLAIM_DOCUMENT_KINDS,
  CLAIM_DOCUMENT_LABELS,
  CLAIM_DOCUMENT_STATE_LABELS,
  type ClaimApprovalResponse,
  PROCESS_STEP_KINDS_AFTER_DECISION,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { ClaimRow } from '../../queries/current-claims.js';
import { findStaffUserById } from '../users/index.js';
import { toBankMatchResponse } from './bank-match.service.js';
import { activeDocuments } from './claim-documents.repository.js';
import { listClaimProcessSteps } from './claim-process-steps.service.js';

type Results = Record<ApprovalCheck, { passed: boolean; detail: string }>;

/** The fund's steps that lead to the decision must all have passed (a failed or pending one blocks). */
async function processStepsResult(db: Database, claimId: number): Promise<Results['processSteps']> {
  const steps = (await listClaimProcessSteps(db, claimId)).filter(
    (step) => !PROCESS_STEP_KINDS_AFTER_DECISION.includes(step.kind),
  );
  const open = steps.filter((step) => step.status !== 'passed');
  if (open.length === 0) {
    return {
      passed: true,
      detail: steps.length === 0 ? 'No steps before the decision.' : `All ${steps.length} passed.`,
    };
  }
  return {
    passed: false,
    detail: `Not passed yet: ${open.map((step) => `${step.label} (${step.status})`).join(', ')}.`,
  };
}

/** Each document kind the claim needs must have an accepted document. */
async function documentsResult(db: Database, claimId: number): Promise<Results['documents']> {
  const documents = await activeDocuments(db, claimId);
  const missing = CLAIM_DOCUMENT_KINDS.filter(
    (kind) => !documents.some((document) => document.kind === kind && document.state === 'accepted'),
  );
  if (missing.length === 0) return { passed: true, detail: 'Every document accepted.' };
  const states = missing.map((kind) => {
    const latest = documents.filter((document) => document.kind === kind).at(-1);
    return `${CLAIM_DOCUMENT_LABELS[kind]} (${latest ? CLAIM_DOCUMENT_STATE_LABELS[latest.state] : 'not uploaded'})`;
  });
  return { passed: false, detail: `Not accepted yet: ${states.join(', ')}.` };
}

/** The bank match of the claim's current account must have run and passed. */
function bankMatchResult(claim: ClaimRow): Results['bankMatch'] {
  const match = toBankMatchResponse(claim);
  if (!match) {
    return {
      passed: false,
      detail: claim.bankAccountId === null ? 'No bank account on the claim.' : 'The bank match has not run.',
    };
  }
  if (match.status === 'passed') return { passed: true, detail: `Passed (${match.provider}, ${match.reference}).` };
  return { passed: false, detail: `Failed: ${match.failures.join(' ')}` };
}

/** The claim's fraud and risk flags (issue 36 item 3), as last computed, must be none. */
function riskFlagsResult(claim: ClaimRow): Results['riskFlags'] {
  const flags = (claim.riskFlags as { label: string }[] | null) ?? [];
  if (flags.length === 0) return { passed: true, detail: 'None raised.' };
  return { passed: false, detail: `Raised: ${flags.map((flag) => flag.label).join('; ')}.` };
}

/**
 * The approval checks of a claim (issue 36 item 1, decision 041), in APPROVAL_CHECKS order, each
 * with what was found in words: the process steps before the decision passed, every needed
 * document accepted, the bank match of the current account run and passed, no risk flag.
 */
export async function approvalChecks(db: Database, claim: ClaimRow): Promise<ApprovalCheckResponse[]> {
  const results: Results = {
    processSteps: await processStepsResult(db, claim.id),
    documents: await documentsResult(db, claim.id),
    bankMatch: bankMatchResult(claim),
    riskFlags: riskFlagsResult(claim),
  };
  return APPROVAL_CHECKS.map((key) => ({ key, label: APPROVAL_CHECK_LABELS[key], ...results[key] }));
}

/**
 * 409 naming every unmet check unless `overrideReason` is given (the route has checked the
 * permission `claims.override`); with the reason, what is kept on the claim as its override.
 * @returns the override to keep, or null when every check passed
 * @throws AppError `conflict` (409) `APPROVAL_MESSAGES.notReady`, with `errors` keyed by each unmet check
 */
export function assertApprovable(
  checks: readonly ApprovalCheckResponse[],
  override: { reason?: string | undefined; byUserId: number | null },
  now: Date = new Date(),
): ApprovalOverrideResponse | null {
  const unmet = checks.filter((check) => !check.passed);
  if (unmet.length === 0) return null;
  if (!override.reason || override.byUserId === null) {
    const errors = Object.fromEntries(unmet.map((check) => [check.key, [`${check.label}: ${check.detail}`]]));
    throw new AppError('conflict', APPROVAL_MESSAGES.notReady, errors, { code: 'claim_not_ready_for_approval' });
  }
  return {
    reason: override.reason,
    byUserId: override.byUserId,
    at: now.toISOString(),
    unmetChecks: unmet.map((check) => check.key),
  };
}

/**
 * Whether a claim needs two approvers: its gross amount (cents) is over the fund's second-approval
 * amount (issue 36 item 2). Null threshold: never.
 */
export function needsSecondApproval(grossCents: number, thresholdCents: number | null): boolean {
  return thresholdCents !== null && grossCents > thresholdCents;
}

/**
 * The claim page's approval block (`AdminClaimResponse.approval`): the checks, the fund's
 * second-approval amount, whether this claim needs it, the first approval given, any override.
 */
export async function describeClaimApproval(
  db: Database,
  claim: ClaimRow,
  benefit: { amountCents: number; secondApprovalThresholdCents: number | null },
): Promise<ClaimApprovalResponse> {
  const checks = await approvalChecks(db, claim);
  const firstApprover =
    claim.firstApprovedByUserId === null ? undefined : await findStaffUserById(db, claim.firstApprovedByUserId);
  return {
    checks,
    ready: checks.every((check) => check.passed),
    secondApprovalThresholdCents: benefit.secondApprovalThresholdCents,
    needsSecondApproval: needsSecondApproval(benefit.amountCents, benefit.secondApprovalThresholdCents),
    firstApproval:
      claim.firstApprovedByUserId !== null && claim.firstApprovedAt
        ? {
            byUserId: claim.firstApprovedByUserId,
            byName: firstApprover?.name ?? `User ${claim.firstApprovedByUserId}`,
            at: claim.firstApprovedAt.toISOString(),
          }
        : null,
    override: (claim.approvalOverride as ApprovalOverrideResponse | null) ?? null,
  };
}
