import { z } from 'zod';
import {
  ENRICHMENT_MESSAGES,
  ENRICHMENT_RECORD_STATUSES,
  ENRICHMENT_RERUN_SCOPES,
  ENRICHMENT_RESULTS,
  ENRICHMENT_RUN_STATUSES,
  ENRICHMENT_STEP_KIND_CODES,
  ENRICHMENT_STEP_KINDS,
} from '../enrichment.js';
import { listQuery, listResponse, zQueryId } from './lists.js';

const zStepKind = z.enum(ENRICHMENT_STEP_KIND_CODES, {
  error: `Choose one of ${ENRICHMENT_STEP_KIND_CODES.join(', ')}.`,
});

/** `GET funds/{id}/enrichment-steps/steps`: a kind of step, what it needs and what it costs. */
export const EnrichmentStepKindResponse = z
  .object({
    kind: zStepKind,
    label: z.string(),
    description: z.string(),
    /** The person's fields sent to the provider. */
    needs: z.array(z.string()),
    /** One look-up, cents (ZAR). */
    costCents: z.number().int(),
    /** Days a result is reused before the step looks again (`ENRICHMENT_VALID_DAYS_*` may override). */
    validDays: z.number().int(),
    /** The provider configured for the step in this environment: `sandbox`, `http`, `local` or `none`. */
    provider: z.string(),
  })
  .meta({ id: 'EnrichmentStepKindResponse' });
export const EnrichmentStepKindListResponse = listResponse(EnrichmentStepKindResponse).meta({
  id: 'EnrichmentStepKindListResponse',
});

/** One of a fund's enrichment steps, in order. */
export const EnrichmentStepResponse = z
  .object({
    /** null for the default list (the fund has not set its own). */
    id: z.number().int().nullable(),
    /** 1-based. */
    position: z.number().int(),
    kind: zStepKind,
    label: z.string(),
  })
  .meta({ id: 'EnrichmentStepResponse' });
export type EnrichmentStepResponse = z.infer<typeof EnrichmentStepResponse>;

/** `GET funds/{id}/enrichment-steps`: the fund's steps in order; `usesDefault` when it has set none. */
export const EnrichmentStepListResponse = listResponse(EnrichmentStepResponse)
  .extend({ usesDefault: z.boolean() })
  .meta({ id: 'EnrichmentStepListResponse' });
export type EnrichmentStepListResponse = z.infer<typeof EnrichmentStepListResponse>;

/** `POST funds/{id}/enrichment-steps`: the fund's whole list of steps, in order. */
export const SetEnrichmentStepsRequest = z
  .object({
    steps: z
      .array(z.object({ kind: zStepKind }))
      .min(1)
      .max(ENRICHMENT_STEP_KINDS.length),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.steps.forEach((step, index) => {
      if (seen.has(step.kind)) {
        ctx.addIssue({ code: 'custom', path: ['steps', index, 'kind'], message: ENRICHMENT_MESSAGES.duplicate });
      }
      seen.add(step.kind);
    });
  })
  .meta({ id: 'SetEnrichmentStepsRequest' });
export type SetEnrichmentStepsRequest = z.input<typeof SetEnrichmentStepsRequest>;

/** `GET funds/{id}/enrichment-steps/records` query: the one list contract, filters by step, status, result, person. */
export const EnrichmentRecordListQuery = listQuery({
  sort: ['id', 'checkedAt', 'step', 'status'],
  defaultSort: [{ field: 'id', direction: 'asc' }],
  filter: {
    step: zStepKind.optional(),
    status: z.enum(ENRICHMENT_RECORD_STATUSES).optional(),
    result: z.enum(ENRICHMENT_RESULTS).optional(),
    personId: zQueryId().optional(),
  },
});
export type EnrichmentRecordListQuery = z.infer<typeof EnrichmentRecordListQuery>;

/** A candidate contact detail a trace found. */
export const ContactCandidate = z.object({
  channel: z.enum(['phone', 'email']),
  /** E.164 or lower-case email. */
  value: z.string(),
  /** 0 to 100. */
  confidence: z.number().int(),
  /** Where the bureau found it, e.g. `credit-application`, `telco`. */
  source: z.string(),
});

/** One person's look-up of one step (spec 7 `GET funds/{id}/enrichment-steps/records`). */
export const EnrichmentRecordResponse = z
  .object({
    id: z.number().int(),
    person: z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      /** Last 4 digits only. */
      idNumberMasked: z.string(),
    }),
    step: zStepKind,
    status: z.enum(ENRICHMENT_RECORD_STATUSES),
    /** null while pending, or when the look-up failed. */
    result: z.enum(ENRICHMENT_RESULTS).nullable(),
    /**
     * What the provider answered, by step: id_validation `{ reason?, dateOfBirth, gender, citizenship }`;
     * population_register `{ deceasedOn?, nameScore, blocked }`; contact_trace `{ candidates: ContactCandidate[] }`.
     */
    details: z.record(z.string(), z.unknown()),
    /** Why the look-up failed (provider error), when it did. */
    failureReason: z.string().nullable(),
    provider: z.string().nullable(),
    /** The provider's reference of the look-up. */
    providerReference: z.string().nullable(),
    /** What the look-up cost, cents. */
    costCents: z.number().int(),
    lawfulPurpose: z.string(),
    checkedAt: z.string().nullable(),
    /** The result is reused until then. */
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'EnrichmentRecordResponse' });
export type EnrichmentRecordResponse = z.infer<typeof EnrichmentRecordResponse>;
export const EnrichmentRecordListResponse = listResponse(EnrichmentRecordResponse).meta({
  id: 'EnrichmentRecordListResponse',
});

/** `POST funds/{id}/enrichment-steps/rerun`: look one step up again now, for all, the failed, or selected persons. */
export const RerunEnrichmentRequest = z
  .object({
    step: zStepKind,
    scope: z.enum(ENRICHMENT_RERUN_SCOPES, { error: 'Choose all, failed or selected.' }),
    personIds: z.array(z.number().int().min(1)).min(1).max(1000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.scope === 'selected' && !value.personIds) {
      ctx.addIssue({ code: 'custom', path: ['personIds'], message: ENRICHMENT_MESSAGES.selectedNeedsPersons });
    }
    if (value.scope !== 'selected' && value.personIds) {
      ctx.addIssue({ code: 'custom', path: ['personIds'], message: ENRICHMENT_MESSAGES.personsOnlyWhenSelected });
    }
  })
  .meta({ id: 'RerunEnrichmentRequest' });
export type RerunEnrichmentRequest = z.infer<typeof RerunEnrichmentRequest>;

/** An enrichment run (a job): after a member file was accepted, or a rerun; its progress is `done` of `total`. */
export const EnrichmentRunResponse = z
  .object({
    id: z.number().int(),
    fundId: z.number().int(),
    /** The member file whose acceptance started it; null for a rerun. */
    fileUploadId: z.number().int().nullable(),
    steps: z.array(zStepKind),
    scope: z.enum(ENRICHMENT_RERUN_SCOPES),
    status: z.enum(ENRICHMENT_RUN_STATUSES),
    /** Look-ups to make (persons x steps). */
    total: z.number().int(),
    done: z.number().int(),
    /** Of `done`: results still valid, reused without a new look-up. */
    reused: z.number().int(),
    /** Of `done`: look-ups that failed. */
    failed: z.number().int(),
    /** Sum of the look-ups' costs, cents. */
    costCents: z.number().int(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'EnrichmentRunResponse' });
export type EnrichmentRunResponse = z.infer<typeof EnrichmentRunResponse>;

/** `GET file-uploads/enrichments` query: the runs, newest first, by fund, upload or status. */
export const EnrichmentRunListQuery = listQuery({
  sort: ['id', 'createdAt'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: {
    fundId: zQueryId().optional(),
    fileUploadId: zQueryId().optional(),
    status: z.enum(ENRICHMENT_RUN_STATUSES).optional(),
  },
});
export type EnrichmentRunListQuery = z.infer<typeof EnrichmentRunListQuery>;
export const EnrichmentRunListResponse = listResponse(EnrichmentRunResponse).meta({ id: 'EnrichmentRunListResponse' });

/** Path parameters of `funds/{id}/enrichment-steps/runs/{runId}`. */
export const EnrichmentRunParams = z.object({
  id: z.coerce.number().int().min(1),
  runId: z.coerce.number().int().min(1),
});
