import {
  APPROVAL_MESSAGES,
  type ApprovalOverrideResponse,
  CLAIM_MESSAGES,
  type ClaimDecisionRequest,
  type ClaimStatus,
  DECISION_MESSAGES,
  type Payout,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { benefitForLodging, claimFundAdministrator } from '../../queries/claim-decision-facts.js';
import { approvalChecks, assertApprovable, needsSecondApproval } from './approval-checks.service.js';
import { type ClaimInsert, type ClaimRow, findClaimById } from './benefit-claims.repository.js';
import { type ClaimActor, type ClaimDependencies, moveClaim } from './claim-moves.service.js';
import { startDraftClaim } from './draft-claims.js';
import {
  type ApprovalSubject,
  approvalSubject,
  recordFirstApproval,
  secondApproverConflict,
} from './four-eyes.service.js';

async function loadClaim(db: Database, claimId: number): Promise<ClaimRow> {
  const claim = await findClaimById(db, claimId);
  if (!claim) throw new AppError('not_found', 'Claim not found.', undefined, { code: 'claim_not_found' });
  return claim;
}

/** Whether `claim` already is where `decision` would take it (a replay changes nothing). */
function alreadyThere(claim: ClaimRow, to: ClaimStatus, decision: Partial<ClaimDecisionRequest>): boolean {
  if (claim.status !== to) return false;
  if (to === 'rejected') return claim.rejectionReason === (decision.reason ?? null);
  if (to === 'paid') return claim.paymentReference === (decision.paymentReference ?? null);
  return true;
}

/** What an approval does besides the move: the columns to set (the override given, if any), or only a first approval. */
type ApprovalPlan =
  | { kind: 'approve'; set: Partial<ClaimInsert> }
  | { kind: 'first-approval'; subject: ApprovalSubject; userId: number; override: ApprovalOverrideResponse | null };

/**
 * The approval rules (issue 36 items 1-2, decision 041), checked before anything moves:
 * - the system (the fast-track rule) approves by its own conditions (decision 034);
 * - everyone else needs the approval checks met (`approvalChecks`); staff may approve anyway with
 *   `overrideReason` (the route has checked `claims.override`); a fund administrator cannot;
 * - staff's `confirmNetCents` must be the claim's net payout still;
 * - over the fund's second-approval amount, staff's first approval only records itself (the claim
 *   stays in review) and a second, different user approves, who neither changed its bank details nor
 *   reviewed the member's identity. A fund administrator's answer is the decision (a second party).
 * @throws AppError 409 (checks unmet, net payout changed, second approver not allowed)
 */
async function planApproval(
  db: Database,
  claim: ClaimRow,
  decision: Partial<ClaimDecisionRequest>,
  actor: ClaimActor,
): Promise<ApprovalPlan> {
  if (actor.type === 'system') return { kind: 'approve', set: {} };
  const staffUserId = actor.type === 'user' ? actor.id : null;
  const override = assertApprovable(await approvalChecks(db, claim), {
    reason: staffUserId === null ? undefined : decision.overrideReason,
    byUserId: staffUserId,
  });
  const payout = claim.payout as Payout | null;
  if (decision.confirmNetCents !== undefined && payout?.netAmountCents !== decision.confirmNetCents) {
    throw new AppError('conflict', APPROVAL_MESSAGES.netAmountChanged, undefined, { code: 'net_amount_changed' });
  }
  const approve = { kind: 'approve' as const, set: override ? { approvalOverride: override } : {} };
  if (staffUserId === null) return approve;
  const subject = await approvalSubject(db, claim);
  if (!needsSecondApproval(subject.amountCents, subject.secondApprovalThresholdCents)) return approve;
  if (claim.firstApprovedByUserId === null) return { kind: 'first-approval', subject, userId: staffUserId, override };
  const conflict = await secondApproverConflict(db, claim, subject, staffUserId);
  if (conflict) throw new AppError('conflict', conflict);
  return approve;
}

/**
 * Moves a claim by a decision (issue 9): `in_review` (staff start the review), `approved`,
 * `rejected` (with the reason the member reads) or `paid` (with the payment reference). A repeat of
 * the same decision changes nothing and answers the claim as it is (idempotent); a move the state
 * machine does not allow is 409. Every move is audited (`claims.<status>`) and, in its transaction,
 * announced to the member (`moveClaim`); a decision that first takes the claim through the review
 * announces only the decision. Approving follows `approvalRules` (issue 36: checks, override,
 * four-eyes); a first of two approvals leaves the claim in review, unannounced.
 * @returns the claim after the decision, and whether this call moved it
 * @throws AppError 404 (no claim), 409 (move not allowed, already decided differently, approval
 *   checks unmet without an override, net payout changed, second approver not allowed)
 */
export async function decideClaim(
  deps: ClaimDependencies,
  claimId: number,
  to: 'in_review' | ClaimDecisionRequest['decision'],
  decision: Partial<ClaimDecisionRequest>,
  actor: ClaimActor,
  context: AuditContext,
  options: { announce?: boolean } = {},
): Promise<{ claim: ClaimRow; moved: boolean }> {
  const { db } = deps;
  let claim = await loadClaim(db, claimId);
  if (alreadyThere(claim, to, decision)) return { claim, moved: false };
  if (claim.status === to)
    throw new AppError('conflict', DECISION_MESSAGES.alreadyDecided, undefined, { code: 'claim_already_decided' });
  // Only a claim under review (or submitted, taken through the review) can be approved.
  if (to === 'approved' && claim.status !== 'submitted' && claim.status !== 'in_review') {
    throw new AppError('conflict', `A claim cannot move from ${claim.status} to approved.`, undefined, {
      code: 'claim_state_conflict',
      params: { from: claim.status, to: 'approved' },
    });
  }
  // Issue 36: the approval checks, override and four-eyes hold before anything moves.
  const plan = to === 'approved' ? await planApproval(db, claim, decision, actor) : undefined;
  // A decision on a claim nobody started reviewing takes it through the review first.
  if (claim.status === 'submitted' && (to === 'approved' || to === 'rejected')) {
    claim = (await decideClaim(deps, claimId, 'in_review', {}, actor, context, { announce: false })).claim;
  }
  if (plan?.kind === 'first-approval') {
    await recordFirstApproval(db, claim, plan.subject, plan, context);
    return { claim: await loadClaim(db, claimId), moved: true };
  }
  const approvalSet = plan?.set ?? {};
  const note =
    to === 'rejected'
      ? (decision.reason ?? null)
      : to === 'paid'
        ? `Payment reference ${decision.paymentReference}`
        : null;
  const override = approvalSet.approvalOverride as ApprovalOverrideResponse | undefined;
  await moveClaim(deps, {
    claimId,
    from: claim.status,
    to,
    actor,
    note,
    announce: options.announce ?? true,
    set: to === 'paid' ? { paymentReference: decision.paymentReference ?? null } : approvalSet,
    alsoIn: (tx) =>
      recordAudit(tx, {
        ...context,
        action: `claims.${to}`,
        entityType: 'claims',
        entityId: claimId,
        before: { status: claim.status },
        after: {
          status: to,
          ...(note ? { note } : {}),
          ...(to === 'approved' && claim.firstApprovedByUserId !== null
            ? { firstApprovedByUserId: claim.firstApprovedByUserId }
            : {}),
          ...(override ? { overrideReason: override.reason, overriddenChecks: override.unmetChecks } : {}),
        },
      }),
  });
  return { claim: await loadClaim(db, claimId), moved: true };
}

/**
 * Staff lodge a claim for a member (`POST benefits/{id}/admin/claim`, issue 9: assisted claims):
 * starts the benefit's draft as the staff user, with the reason in the timeline and the audit trail.
 * The member (or staff with them) completes the steps. Starting again returns the open claim.
 * @throws AppError 404 (no benefit), 409 (paid, or no member account)
 */
export async function lodgeClaimForMember(
  db: Database,
  benefitId: number,
  reason: string,
  actor: ClaimActor,
  context: AuditContext,
): Promise<number> {
  const benefit = await benefitForLodging(db, benefitId);
  if (!benefit)
    throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound, undefined, { code: 'benefit_not_found' });
  if (benefit.personUserId === null) throw new AppError('conflict', DECISION_MESSAGES.noAccount);
  const { claim, created } = await startDraftClaim(db, benefit, benefit.personUserId, actor, reason);
  if (created) {
    await recordAudit(db, {
      ...context,
      action: 'claims.lodged',
      entityType: 'claims',
      entityId: claim.id,
      after: { reason },
    });
  }
  return claim.id;
}

/**
 * Staff decide only claims of funds without a connected administrator (issue 9): the
 * administrator's answer comes through the partner API.
 * @throws AppError 404 (no claim), 409 (the fund has an administrator)
 */
export async function assertStaffMayDecide(db: Database, claimId: number): Promise<void> {
  const row = await claimFundAdministrator(db, claimId);
  if (!row) throw new AppError('not_found', 'Claim not found.', undefined, { code: 'claim_not_found' });
  if (row.administratorPartnerId !== null)
    throw new AppError('conflict', DECISION_MESSAGES.administratorDecides, undefined, {
      code: 'administrator_decides',
    });
}
