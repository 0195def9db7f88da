import { CLAIM_MESSAGES, type ClaimDecisionRequest, type ClaimStatus, DECISION_MESSAGES } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefitClaims, benefits, funds, personUsers } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { bankMatchApproval } from './bank-match.service.js';
import { type ClaimActor, type ClaimDependencies, moveClaim } from './claim-moves.service.js';
import { startDraftClaim } from './draft-claims.js';

type ClaimRow = typeof benefitClaims.$inferSelect;

async function loadClaim(db: Database, claimId: number): Promise<ClaimRow> {
  const [claim] = await db.select().from(benefitClaims).where(eq(benefitClaims.id, claimId));
  if (!claim) throw new AppError('not_found', 'Claim not found.');
  return claim;
}

/** Whether `claim` already is where `decision` would take it (a replay changes nothing). */
function alreadyThere(claim: ClaimRow, to: ClaimStatus, decision: Partial<ClaimDecisionRequest>): boolean {
  if (claim.status !== to) return false;
  if (to === 'rejected') return claim.rejectionReason === (decision.reason ?? null);
  if (to === 'paid') return claim.paymentReference === (decision.paymentReference ?? null);
  return true;
}

/**
 * Moves a claim by a decision (issue 9): `in_review` (staff start the review), `approved`,
 * `rejected` (with the reason the member reads) or `paid` (with the payment reference). A repeat of
 * the same decision changes nothing and answers the claim as it is (idempotent); a move the state
 * machine does not allow is 409. Every move is audited (`claims.<status>`) and, in its transaction,
 * announced to the member (`moveClaim`); a decision that first takes the claim through the review
 * announces only the decision. Approving a claim whose bank match failed needs staff's
 * `bankMatchOverrideReason` (issue 18), kept on the claim and in the audit trail.
 * @returns the claim after the decision, and whether this call moved it
 * @throws AppError 404 (no claim), 409 (move not allowed, already decided differently, or a failed
 *   bank match without an override reason)
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
  if (claim.status === to) throw new AppError('conflict', DECISION_MESSAGES.alreadyDecided);
  // Issue 18: a failed bank match blocks approval unless staff give an override reason (checked
  // before anything moves).
  const approvalSet =
    to === 'approved'
      ? bankMatchApproval(claim, {
          reason: decision.bankMatchOverrideReason,
          staffUserId: actor.type === 'user' ? actor.id : null,
          isStaff: actor.type === 'user',
        })
      : {};
  // A decision on a claim nobody started reviewing takes it through the review first.
  if (claim.status === 'submitted' && (to === 'approved' || to === 'rejected')) {
    claim = (await decideClaim(deps, claimId, 'in_review', {}, actor, context, { announce: false })).claim;
  }
  const note =
    to === 'rejected'
      ? (decision.reason ?? null)
      : to === 'paid'
        ? `Payment reference ${decision.paymentReference}`
        : null;
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
          ...(approvalSet.bankMatchOverrideReason
            ? { bankMatchOverrideReason: approvalSet.bankMatchOverrideReason }
            : {}),
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
  const [benefit] = await db
    .select({ id: benefits.id, status: benefits.status, personUserId: personUsers.id })
    .from(benefits)
    .leftJoin(personUsers, eq(personUsers.personId, benefits.personId))
    .where(eq(benefits.id, benefitId));
  if (!benefit) throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound);
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
  const [row] = await db
    .select({ administratorPartnerId: funds.administratorPartnerId })
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .where(eq(benefitClaims.id, claimId));
  if (!row) throw new AppError('not_found', 'Claim not found.');
  if (row.administratorPartnerId !== null) throw new AppError('conflict', DECISION_MESSAGES.administratorDecides);
}
