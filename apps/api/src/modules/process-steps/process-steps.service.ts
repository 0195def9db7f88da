import {
  DEFAULT_PROCESS_STEPS,
  FUND_MESSAGES,
  PROCESS_STEP_KINDS,
  type ProcessStepKind,
  type ProcessStepListResponse,
  type ProcessStepResponse,
  processStepLabel,
  type SetProcessStepsRequest,
  wholeList,
} from '@bcp/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { fundExists } from '../../queries/fund-usage.js';
import {
  deleteFundProcessStepRows,
  insertFundProcessSteps,
  selectFundProcessSteps,
} from './process-steps.repository.js';

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
  const rows = await selectFundProcessSteps(db, fundId);
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    kind: row.kind,
    label: row.label,
    actor: actorOf(row.kind),
  }));
}

/** 404 unless the fund exists (funds' own check; process-steps cannot call funds, which calls it). */
async function requireFund(db: Database, fundId: number): Promise<void> {
  if (!(await fundExists(db, fundId))) throw new AppError('not_found', FUND_MESSAGES.notFound);
}

/**
 * The checklist a claim on fund `fundId` gets: the fund's own steps in order, or the default
 * (ids null) when it has set none. Does not check that the fund exists.
 */
export async function fundChecklist(db: Database, fundId: number): Promise<ProcessStepResponse[]> {
  const own = await ownSteps(db, fundId);
  return own.length > 0 ? own : defaultSteps();
}

/**
 * Deletes a fund's own checklist without audit (the fund itself is being deleted, in `db`'s
 * transaction; `deleteFund` audits the deletion).
 */
export async function deleteFundProcessSteps(db: Database, fundId: number): Promise<void> {
  await deleteFundProcessStepRows(db, fundId);
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
  await requireFund(db, fundId);
  const own = await ownSteps(db, fundId);
  return { ...wholeList(own.length > 0 ? own : defaultSteps()), usesDefault: own.length === 0 };
}

function auditSteps(steps: readonly { kind: string; label: string }[]) {
  return { steps: steps.map((step) => `${step.kind}: ${step.label}`) };
}

/**
 * Sets a fund's whole checklist, in the order given (spec 7 `POST funds/{id}/process-steps`),
 * replacing the previous one. Claims already submitted keep the steps they were given
 * (benefit-claims' `snapshotProcessSteps`). Audited `funds.process_steps_set` on the fund's trail.
 * @throws AppError `not_found` (404) unknown fund
 */
export async function setFundProcessSteps(
  db: Database,
  fundId: number,
  input: z.output<typeof SetProcessStepsRequest>,
  context: AuditContext,
): Promise<ProcessStepListResponse> {
  await requireFund(db, fundId);
  const before = (await listFundProcessSteps(db, fundId)).items;
  await db.transaction(async (tx) => {
    await deleteFundProcessStepRows(tx, fundId);
    await insertFundProcessSteps(
      tx,
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
    await deleteFundProcessStepRows(tx, fundId);
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
