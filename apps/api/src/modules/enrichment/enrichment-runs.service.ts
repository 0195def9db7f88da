import {
  ENRICHMENT_MESSAGES,
  type EnrichmentRunListQuery,
  type EnrichmentRunResponse,
  type EnrichmentStepKind,
  type ListResponse,
  type RerunEnrichmentRequest,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { findFund } from '../funds/index.js';
import { type EnrichmentRunRecord, findRun, insertRun, pageRuns } from './enrichment.repository.js';
import { fundStepKinds } from './enrichment-steps.service.js';

/** The job queue that runs enrichment (one job per run). */
export const ENRICHMENT_QUEUE = 'enrichment-run';

type RunRow = EnrichmentRunRecord;

/** A run as staff see it. */
export function toRunResponse(row: RunRow): EnrichmentRunResponse {
  return {
    id: row.id,
    fundId: row.fundId,
    fileUploadId: row.fileUploadId,
    steps: row.steps,
    scope: row.scope,
    status: row.status,
    total: row.total,
    done: row.done,
    reused: row.reused,
    failed: row.failed,
    costCents: row.costCents,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** What a run covers. */
interface RunRequest {
  fundId: number;
  fileUploadId?: number | null;
  steps: EnrichmentStepKind[];
  scope: 'all' | 'failed' | 'selected';
  personIds?: number[] | undefined;
  /** Look up again even while a result is valid (reruns). */
  force: boolean;
  startedByUserId?: number | null;
}

/** Records the run and queues its job in one transaction (decision 021): the run exists exactly when its job does. */
async function queueRun(deps: { db: Database; jobs: JobQueue }, request: RunRequest, audit?: AuditContext) {
  const row = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const run = await insertRun(tx, {
      fundId: request.fundId,
      fileUploadId: request.fileUploadId ?? null,
      steps: request.steps,
      scope: request.scope,
      personIds: request.personIds ?? null,
      force: request.force,
      startedByUserId: request.startedByUserId ?? null,
    });
    if (audit) {
      await recordAudit(tx, {
        ...audit,
        action: 'funds.enrichment_rerun',
        entityType: 'funds',
        entityId: request.fundId,
        after: {
          runId: run.id,
          steps: request.steps,
          scope: request.scope,
          persons: request.personIds?.length ?? null,
        },
      });
    }
    await deps.jobs.send(ENRICHMENT_QUEUE, { runId: run.id }, { tx });
    return run;
  });
  deps.jobs.wake([ENRICHMENT_QUEUE]);
  return toRunResponse(row);
}

/**
 * Enriches the persons an accepted member file loaded (issue 17: "upload a member file ->
 * enrichment runs"), with the fund's steps; results still valid are reused. Called once the load
 * has committed.
 */
export async function startUploadEnrichment(
  deps: { db: Database; jobs: JobQueue },
  fileUploadId: number,
  fundId: number,
): Promise<EnrichmentRunResponse> {
  const steps = await fundStepKinds(deps.db, fundId);
  return queueRun(deps, { fundId, fileUploadId, steps, scope: 'all', force: false });
}

/**
 * Runs one step again now for a fund's persons (spec 7 `POST funds/{id}/enrichment-steps/rerun`):
 * all of them, those whose look-up failed, or the ones selected; valid results are looked up again
 * (and paid for). A job: its progress is `GET funds/{id}/enrichment-steps/runs/{runId}`. Audited
 * `funds.enrichment_rerun`.
 * @throws AppError 404 unknown fund; 409 a step the fund does not run
 */
export async function rerunEnrichment(
  deps: { db: Database; jobs: JobQueue },
  fundId: number,
  input: RerunEnrichmentRequest,
  context: AuditContext & { userId: number },
): Promise<EnrichmentRunResponse> {
  await findFund(deps.db, fundId);
  const steps = await fundStepKinds(deps.db, fundId);
  if (!steps.includes(input.step)) throw new AppError('conflict', ENRICHMENT_MESSAGES.stepNotInFund);
  return queueRun(
    deps,
    {
      fundId,
      steps: [input.step],
      scope: input.scope,
      personIds: input.personIds,
      force: true,
      startedByUserId: context.userId,
    },
    context,
  );
}

/**
 * One run of a fund, with its progress.
 * @throws AppError 404 unknown run (or of another fund)
 */
export async function getEnrichmentRun(db: Database, fundId: number, runId: number): Promise<EnrichmentRunResponse> {
  const row = await findRun(db, runId, fundId);
  if (!row) throw new AppError('not_found', ENRICHMENT_MESSAGES.runNotFound);
  return toRunResponse(row);
}

/**
 * The enrichment runs (spec 7 `GET file-uploads/enrichments`), newest first, in the one list
 * envelope; filters `fundId`, `fileUploadId`, `status`.
 */
export async function listEnrichmentRuns(
  db: Database,
  query: EnrichmentRunListQuery,
): Promise<ListResponse<EnrichmentRunResponse>> {
  return pageRuns(db, query, toRunResponse);
}
