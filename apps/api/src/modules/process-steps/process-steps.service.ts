import {
  type ClaimProcessStepResponse,
  DEFAULT_PROCESS_STEPS,
  PROCESS_STEP_KINDS,
  type ProcessStepKind,
  type ProcessStepListResponse,
  type ProcessStepResponse,
  processStepLabel,
  type SetProcessStepsRequest,
  wholeList,
} from '@bcp/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { claimProcessSteps, fundProcessSteps } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { findFund } from '../funds/funds.service.js';

/** Who records a kind's outcome: staff, or the fund administrator through the partner API. */
function actorOf(kind: ProcessStepKind): 'staff' | 'partner' {
  return PROCESS_STEP_KINDS.find((step) => step.kind === kind)?.actor ?? 'staff';
}

/** The default checklist, for a fund that has not set its own. */
function defaultSteps(): ProcessStepResponse[] {
  return DEFAULT_PROCESS_STEPS.map((kind, index) => ({
    id: null,
    position: index + 1,
    kind,
    label: processStepLabel(kind),
    actor: actorOf(kind),
  }));
}

/** The fund's own steps in order (empty when it uses the default). */
async function ownSteps(db: Database, fundId: number): Promise<ProcessStepResponse[]> {
  const rows = await db
    .select()
    .from(fundProcessSteps)
    .where(eq(fundProcessSteps.fundId, fundId))
    .orderBy(asc(fundProcessSteps.position));
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    kind: row.kind,
    label: row.label,
    actor: actorOf(row.kind),
  }));
}

/** The kinds of step a fund can use (spec 7 `GET funds/{id}/process-steps/steps`). */
export function listProcessStepKinds() {
  return wholeList(PROCESS_STEP_KINDS.map((step) => ({ ...step })));
}

/**
 * A fund's checklist in order (spec 7 `GET funds/{id}/process-steps`): its own steps, or the
 * default (`usesDefault: true`, ids null) when it has set none.
 * @throws AppError `not_found` (404) unknown fund
 */
export async function listFundProcessSteps(db: Database, fundId: number): Promise<ProcessStepListResponse> {
  await findFund(db, fundId);
  const own = await ownSteps(db, fundId);
  return { ...wholeList(own.length > 0 ? own : defaultSteps()), usesDefault: own.length === 0 };
}

function auditSteps(steps: readonly { kind: string; label: string }[]) {
  return { steps: steps.map((step) => `${step.kind}: ${step.label}`) };
}

/**
 * Sets a fund's whole checklist, in the order given (spec 7 `POST funds/{id}/process-steps`),
 * replacing the previous one. Claims already submitted keep the steps they were given
 * (`snapshotProcessSteps`). Audited `funds.process_steps_set` on the fund's trail.
 * @throws AppError `not_found` (404) unknown fund
 */
export async function setFundProcessSteps(
  db: Database,
  fundId: number,
  input: z.output<typeof SetProcessStepsRequest>,
  context: AuditContext,
): Promise<ProcessStepListResponse> {
  await findFund(db, fundId);
  const before = (await listFundProcessSteps(db, fundId)).items;
  await db.transaction(async (tx) => {
    await tx.delete(fundProcessSteps).where(eq(fundProcessSteps.fundId, fundId));
    await tx.insert(fundProcessSteps).values(
      input.steps.map((step, index) => ({
        fundId,
        position: index + 1,
        kind: step.kind,
        label: step.label ?? processStepLabel(step.kind),
      })),
    );
    const after = input.steps.map((step) => ({ kind: step.kind, label: step.label ?? processStepLabel(step.kind) }));
    await recordAudit(tx, {
      ...context,
      action: 'funds.process_steps_set',
      entityType: 'funds',
      entityId: fundId,
      before: auditSteps(before),
      after: auditSteps(after),
    });
  });
  return listFundProcessSteps(db, fundId);
}

/**
 * Removes a fund's own checklist (spec 7 `DELETE funds/{id}/process-steps`): the fund goes back to
 * the default one. Claims already submitted keep theirs. Audited `funds.process_steps_reset`.
 * @throws AppError `not_found` (404) unknown fund
 */
export async function resetFundProcessSteps(
  db: Database,
  fundId: number,
  context: AuditContext,
): Promise<ProcessStepListResponse> {
  const before = (await listFundProcessSteps(db, fundId)).items;
  await db.transaction(async (tx) => {
    await tx.delete(fundProcessSteps).where(eq(fundProcessSteps.fundId, fundId));
    await recordAudit(tx, {
      ...context,
      action: 'funds.process_steps_reset',
      entityType: 'funds',
      entityId: fundId,
      before: auditSteps(before),
      after: auditSteps(defaultSteps()),
    });
  });
  return listFundProcessSteps(db, fundId);
}

/**
 * Copies the fund's checklist (its own steps, or the default) onto a claim as `pending` steps
 * (table `claim_process_steps`), so that later changes to the fund's steps never change a claim in
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
  const own = await ownSteps(db, target.fundId);
  const steps = own.length > 0 ? own : defaultSteps();
  await db.insert(claimProcessSteps).values(
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
  const rows = await db
    .select()
    .from(claimProcessSteps)
    .where(eq(claimProcessSteps.claimId, claimId))
    .orderBy(asc(claimProcessSteps.position));
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
