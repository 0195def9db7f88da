import type { ClaimProcessStepResponse } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { fundChecklist } from '../process-steps/index.js';
import { insertClaimProcessSteps, selectClaimProcessSteps } from './claim-process-steps.repository.js';

/*
 * A claim's own copy of its fund's checklist (table `claim_process_steps`, benefit-claims'; issue
 * 35 moved these here from the process-steps module, which keeps the funds' checklists).
 */

/**
 * Copies the fund's checklist (its own steps, or the default: process-steps' `fundChecklist`) onto
 * a claim as `pending` steps, so that later changes to the fund's steps never change a claim in
 * progress. Called when a claim is submitted, inside the submission's transaction (`db` may be a
 * transaction); does nothing when the claim already has steps (a retry). Issue 9 records each
 * step's outcome on these rows.
 *
 * ```ts
 * alsoIn: (tx) => snapshotProcessSteps(tx, { claimId: claim.id, fundId: benefit.fundId })
 * ```
 * @returns the claim's steps in order
 */
export async function snapshotProcessSteps(
  db: Database,
  target: { claimId: number; fundId: number },
): Promise<ClaimProcessStepResponse[]> {
  const existing = await listClaimProcessSteps(db, target.claimId);
  if (existing.length > 0) return existing;
  const steps = await fundChecklist(db, target.fundId);
  await insertClaimProcessSteps(
    db,
    steps.map((step, index) => ({
      claimId: target.claimId,
      position: index + 1,
      kind: step.kind,
      label: step.label,
      actor: step.actor,
    })),
  );
  return listClaimProcessSteps(db, target.claimId);
}

/** A claim's checklist in order, with each step's outcome (empty before submission). */
export async function listClaimProcessSteps(db: Database, claimId: number): Promise<ClaimProcessStepResponse[]> {
  const rows = await selectClaimProcessSteps(db, claimId);
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    kind: row.kind,
    label: row.label,
    actor: row.actor,
    status: row.status,
    note: row.note,
    decidedBy: row.decidedByType && row.decidedById !== null ? { type: row.decidedByType, id: row.decidedById } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
}
