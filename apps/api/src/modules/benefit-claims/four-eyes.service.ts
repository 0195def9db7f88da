import { APPROVAL_MESSAGES, type ApprovalOverrideResponse, formatRand } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { staffActionsOn } from '../../platform/audit/actor-history.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { benefitApprovalFacts } from '../../queries/claim-approval-subject.js';
import { type ClaimRow, lockClaim, updateClaim } from './benefit-claims.repository.js';
import { recordedIdentityCheck } from './claim-process-steps.repository.js';

/**
 * Audited actions that change a claim's payee (on the claim or the person's bank accounts). The
 * back office has no route that changes bank details today (members change their own, behind a
 * PIN); a staff route that ever does must audit one of these, and its author is then never the
 * claim's second approver.
 */
export const BANK_DETAIL_ACTIONS = [
  'claims.bank-account-changed',
  'person-banks.created',
  'person-banks.updated',
  'person-banks.deleted',
] as const;

/** Audited actions that review the member's identity: viewing the identity-check images. */
export const IDENTITY_REVIEW_ACTIONS = ['persons.images-viewed'] as const;

/** What the approval rules read about a claim's benefit: gross amount (cents), person, the fund's second-approval amount (cents). */
export interface ApprovalSubject {
  amountCents: number;
  personId: number;
  secondApprovalThresholdCents: number | null;
}

/**
 * The claim's benefit amount, person and fund's second-approval amount.
 * @throws AppError `not_found` (404) when the claim's benefit is gone
 */
export async function approvalSubject(db: Database, claim: ClaimRow): Promise<ApprovalSubject> {
  const row = await benefitApprovalFacts(db, claim.benefitId);
  if (!row) throw new AppError('not_found', 'Claim not found.', undefined, { code: 'claim_not_found' });
  return row;
}

/**
 * Why `userId` may not give the claim's second approval (issue 36 item 2), or null when they may:
 * they gave the first, changed the claim's bank details, or reviewed the member's identity (viewed
 * the identity images, or recorded the claim's identity-check step).
 */
export async function secondApproverConflict(
  db: Database,
  claim: ClaimRow,
  subject: ApprovalSubject,
  userId: number,
): Promise<string | null> {
  if (claim.firstApprovedByUserId === userId) return APPROVAL_MESSAGES.sameApprover;
  const claimEntity = { entityType: 'claims', entityId: claim.id };
  const personEntity = { entityType: 'persons', entityId: subject.personId };
  const changedBank = await staffActionsOn(db, userId, [claimEntity, personEntity], BANK_DETAIL_ACTIONS);
  if (changedBank.length > 0) return APPROVAL_MESSAGES.changedBankDetails;
  const reviewedImages = await staffActionsOn(db, userId, [personEntity], IDENTITY_REVIEW_ACTIONS);
  const identityStep = await recordedIdentityCheck(db, claim.id, userId);
  if (reviewedImages.length > 0 || identityStep) return APPROVAL_MESSAGES.reviewedIdentity;
  return null;
}

/**
 * Records the first of two approvals (issue 36 item 2): the claim stays `in_review` (the member
 * still reads "In review"), with who and when, and the override when checks were unmet; audited
 * `claims.first-approved` with the gross amount. Conditional on the claim still being in review
 * without a first approval, so of two racing first approvals one wins.
 * @throws AppError `conflict` (409) when the claim moved on meanwhile
 */
export async function recordFirstApproval(
  db: Database,
  claim: ClaimRow,
  subject: ApprovalSubject,
  approval: { userId: number; override: ApprovalOverrideResponse | null },
  context: AuditContext,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const updated = await updateClaim(
      tx,
      claim.id,
      {
        firstApprovedByUserId: approval.userId,
        firstApprovedAt: now,
        ...(approval.override ? { approvalOverride: approval.override } : {}),
        updatedAt: now,
      },
      'in_review',
    );
    if (!updated)
      throw new AppError('conflict', 'This claim has moved on since.', undefined, { code: 'claim_changed' });
    await recordAudit(tx, {
      ...context,
      action: 'claims.first-approved',
      entityType: 'claims',
      entityId: claim.id,
      after: {
        status: APPROVAL_MESSAGES.awaitingSecondApproval,
        grossAmount: formatRand(subject.amountCents),
        ...(approval.override
          ? { overrideReason: approval.override.reason, overriddenChecks: approval.override.unmetChecks }
          : {}),
      },
    });
  });
}

/**
 * A second approver sends the first approval back (issue 36 item 2): the first approval (and its
 * override) is cleared and the claim stays in review, audited `claims.approval-sent-back` with the
 * reason. Any staff user with `claims.approve` may (the first approver withdrawing too).
 * @throws AppError `not_found` (404); `conflict` (409) when the claim is not awaiting a second approval
 */
export async function sendBackFirstApproval(
  db: Database,
  claimId: number,
  reason: string,
  context: AuditContext,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw new AppError('not_found', 'Claim not found.', undefined, { code: 'claim_not_found' });
    if (claim.status !== 'in_review' || claim.firstApprovedByUserId === null) {
      throw new AppError('conflict', APPROVAL_MESSAGES.notAwaitingSecond);
    }
    await updateClaim(tx, claimId, {
      firstApprovedByUserId: null,
      firstApprovedAt: null,
      approvalOverride: null,
      updatedAt: new Date(),
    });
    await recordAudit(tx, {
      ...context,
      action: 'claims.approval-sent-back',
      entityType: 'claims',
      entityId: claimId,
      before: { firstApprovedByUserId: claim.firstApprovedByUserId },
      after: { firstApprovedByUserId: null, reason },
    });
  });
}
