import {
  DEFAULT_ENRICHMENT_STEPS,
  ENRICHMENT_STEP_KINDS,
  type EnrichmentStepKind,
  type EnrichmentStepListResponse,
  type EnrichmentStepResponse,
  enrichmentStepLabel,
  type SetEnrichmentStepsRequest,
  wholeList,
} from '@bcp/contract';
import type { EnrichmentConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import type { StepProviders } from '../../platform/enrichment/step-provider.js';
import { findFund } from '../funds/index.js';
import { deleteFundSteps, findFundSteps, insertFundSteps } from './enrichment.repository.js';

/** Days a result of `kind` is reused: the configured days for the bureau steps, the kind's default otherwise. */
export function validDaysOf(kind: EnrichmentStepKind, config: EnrichmentConfig): number {
  if (kind === 'population_register') return config.populationRegisterDays;
  if (kind === 'contact_trace') return config.contactTraceDays;
  return ENRICHMENT_STEP_KINDS.find((step) => step.kind === kind)?.validDays ?? 1;
}

/**
 * The kinds of step (spec 7 `GET funds/{id}/enrichment-steps/steps`): what each needs, costs, how
 * long its result is reused here, and its provider in this environment.
 */
export function listEnrichmentStepKinds(providers: StepProviders, config: EnrichmentConfig) {
  return wholeList(
    ENRICHMENT_STEP_KINDS.map((step) => ({
      kind: step.kind,
      label: step.label,
      description: step.description,
      needs: [...step.needs],
      costCents: step.costCents,
      validDays: validDaysOf(step.kind, config),
      provider: providers[step.kind]?.name ?? 'none',
    })),
  );
}

function defaultSteps(): EnrichmentStepResponse[] {
  return DEFAULT_ENRICHMENT_STEPS.map((kind, index) => ({
    id: null,
    position: index + 1,
    kind,
    label: enrichmentStepLabel(kind),
  }));
}

async function ownSteps(db: Database, fundId: number): Promise<EnrichmentStepResponse[]> {
  const rows = await findFundSteps(db, fundId);
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    kind: row.kind,
    label: enrichmentStepLabel(row.kind),
  }));
}

/**
 * A fund's enrichment steps in order (spec 7 `GET funds/{id}/enrichment-steps`): its own, or the
 * default (`usesDefault`, ids null).
 * @throws AppError `not_found` (404) unknown fund
 */
export async function listFundEnrichmentSteps(db: Database, fundId: number): Promise<EnrichmentStepListResponse> {
  await findFund(db, fundId);
  const own = await ownSteps(db, fundId);
  return { ...wholeList(own.length > 0 ? own : defaultSteps()), usesDefault: own.length === 0 };
}

/** The step kinds a fund runs, in order. */
export async function fundStepKinds(db: Database, fundId: number): Promise<EnrichmentStepKind[]> {
  const own = await ownSteps(db, fundId);
  return (own.length > 0 ? own : defaultSteps()).map((step) => step.kind);
}

/**
 * Sets a fund's whole list of steps in order (spec 7 `POST funds/{id}/enrichment-steps`). Results
 * already recorded stay. Audited `funds.enrichment_steps_set`.
 * @throws AppError `not_found` (404) unknown fund
 */
export async function setFundEnrichmentSteps(
  db: Database,
  fundId: number,
  input: SetEnrichmentStepsRequest,
  context: AuditContext,
): Promise<EnrichmentStepListResponse> {
  const before = (await listFundEnrichmentSteps(db, fundId)).items.map((step) => step.kind);
  await db.transaction(async (tx) => {
    await deleteFundSteps(tx, fundId);
    await insertFundSteps(
      tx,
      fundId,
      input.steps.map((step) => step.kind),
    );
    await recordAudit(tx, {
      ...context,
      action: 'funds.enrichment_steps_set',
      entityType: 'funds',
      entityId: fundId,
      before: { steps: before },
      after: { steps: input.steps.map((step) => step.kind) },
    });
  });
  return listFundEnrichmentSteps(db, fundId);
}

/**
 * Removes a fund's own steps (spec 7 `DELETE funds/{id}/enrichment-steps`): the default again.
 * Audited `funds.enrichment_steps_reset`.
 * @throws AppError `not_found` (404) unknown fund
 */
export async function resetFundEnrichmentSteps(
  db: Database,
  fundId: number,
  context: AuditContext,
): Promise<EnrichmentStepListResponse> {
  const before = (await listFundEnrichmentSteps(db, fundId)).items.map((step) => step.kind);
  await db.transaction(async (tx) => {
    await deleteFundSteps(tx, fundId);
    await recordAudit(tx, {
      ...context,
      action: 'funds.enrichment_steps_reset',
      entityType: 'funds',
      entityId: fundId,
      before: { steps: before },
      after: { steps: [...DEFAULT_ENRICHMENT_STEPS] },
    });
  });
  return listFundEnrichmentSteps(db, fundId);
}
