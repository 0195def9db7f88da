import { DECISION_MESSAGES, type ProcessStepLogRequest } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findCurrentClaim } from '../../queries/current-claims.js';
import { decideClaim } from './claim-decisions.service.js';
import type { ClaimActor, ClaimDependencies } from './claim-moves.service.js';
import { findClaimProcessStep, updateClaimProcessStep } from './claim-process-steps.repository.js';

/**
 * Records one process step's outcome on a benefit's claim (spec 4 "a process step log can be
 * saved"; issue 9): passed or failed, with a note, who and when; audited
 * (`claims.process_step_logged`). The first outcome on a submitted claim starts its review
 * (announced to the member with the move).
 * @returns the claim's id and whether this call moved it to in_review
 * @throws AppError 404 (no claim, or the step is not on it), 409 (the claim is not submitted or in review)
 */
export async function recordProcessStepLog(
  deps: ClaimDependencies,
  benefitId: number,
  log: ProcessStepLogRequest,
  actor: ClaimActor & { type: 'user' | 'partner' },
  context: AuditContext,
): Promise<{ claimId: number; movedToReview: boolean }> {
  const { db } = deps;
  const claim = await findCurrentClaim(db, benefitId);
  if (!claim) throw new AppError('not_found', 'Claim not found.', undefined, { code: 'claim_not_found' });
  if (claim.status !== 'submitted' && claim.status !== 'in_review') {
    throw new AppError('conflict', DECISION_MESSAGES.notInReview, undefined, { code: 'claim_not_in_review' });
  }
  const step = await findClaimProcessStep(db, claim.id, log.stepId);
  if (!step) throw new AppError('not_found', DECISION_MESSAGES.stepNotFound);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await updateClaimProcessStep(tx, step.id, {
      status: log.status,
      note: log.note ?? null,
      decidedByType: actor.type,
      decidedById: actor.id,
      decidedAt: new Date(),
    });
    await recordAudit(tx, {
      ...context,
      action: 'claims.process_step_logged',
      entityType: 'claims',
      entityId: claim.id,
      before: { step: step.label, status: step.status, note: step.note },
      after: { step: step.label, status: log.status, note: log.note ?? null },
    });
  });
  if (claim.status !== 'submitted') return { claimId: claim.id, movedToReview: false };
  const { moved } = await decideClaim(deps, claim.id, 'in_review', {}, actor, context);
  return { claimId: claim.id, movedToReview: moved };
}
