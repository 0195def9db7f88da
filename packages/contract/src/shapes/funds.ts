import { z } from 'zod';
import { CLAIM_PROCESS_STEP_STATUSES, FUND_STATUSES, PROCESS_STEP_KIND_CODES, PROCESS_STEP_KINDS } from '../funds.js';
import { zBoundedString, zRequiredString } from '../rules/zod-rules.js';
import { zOptionalEmail, zOptionalPhoneNumber } from './accounts.js';
import { listQuery, listResponse, zQueryId } from './lists.js';

/** Messages of the fund calls (issue 8). */
export const FUND_MESSAGES = {
  notFound: 'No such fund.',
  registrationNumber: 'Use the FSCA registration number, e.g. 12/8/12345.',
  registrationTaken: 'Another fund has this registration number.',
  unknownFundType: 'No such fund type.',
  unknownAdministrator: 'No such fund administrator: choose an active partner of kind fund administrator.',
  hasBenefits: (count: number) =>
    `This fund has ${count} benefit(s) or member files, so it cannot be deleted. Archive it instead.`,
  tag: 'Tags are 1 to 40 letters, digits, spaces or - _ characters.',
} as const;

/** Messages of the fee calls (issue 8 "Fees"). */
export const FEE_MESSAGES = {
  notFound: 'No such fee.',
  basisPointsRequired: 'A percentage fee needs its rate in basis points (1 to 10000; 250 = 2.5%).',
  amountRequired: 'A fixed fee needs its amount in cents (at least 1).',
  notForKind: 'Leave this empty for this kind of fee.',
  vatInclusiveWithoutVat: 'A fee without VAT cannot include VAT.',
  endBeforeStart: 'The end date must be on or after the start date.',
  overlap: (name: string) => `A fee named "${name}" already applies in these dates. End it first, or choose others.`,
} as const;

/** Messages of the process step calls (issue 8 "Process steps"). */
export const PROCESS_STEP_MESSAGES = {
  duplicate: 'Each kind of step appears once.',
} as const;

/** `YYYY-MM-DD`. */
const zDay = () => z.iso.date({ error: 'Use a date as YYYY-MM-DD.' });

/**
 * An optional field of a PATCH that can be cleared: null (or what `schema` turns into undefined,
 * such as an empty email) clears it (null), absent leaves it (undefined).
 */
export const zClearable = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.null(), schema])
    .optional()
    .transform((value) => (value === undefined ? undefined : (value ?? null)));
const zTag = () =>
  zBoundedString(100)
    .trim()
    .regex(/^[\p{L}\p{N} _-]{1,40}$/u, FUND_MESSAGES.tag);

const zRegistrationNumber = () =>
  zRequiredString(60)
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(/^[0-9A-Z][0-9A-Z/.-]{2,39}$/, FUND_MESSAGES.registrationNumber));

/** A fund type (`GET fund_types`): reference data kept in code and synced at start. */
export const FundTypeResponse = z
  .object({ id: z.number().int(), code: z.string(), name: z.string(), active: z.boolean() })
  .meta({ id: 'FundTypeResponse' });
export type FundTypeResponse = z.infer<typeof FundTypeResponse>;
export const FundTypeListResponse = listResponse(FundTypeResponse).meta({ id: 'FundTypeListResponse' });

/** A fund as the back office sees it (spec 7 `funds*`). */
export const FundResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** FSCA registration number, unique. */
    registrationNumber: z.string(),
    fundType: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
    /** The partner (kind fund administrator) who answers its claims through the partner API. */
    administrator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    /** E.164. */
    contactPhone: z.string().nullable(),
    tags: z.array(z.string()),
    status: z.enum(FUND_STATUSES),
    /** Benefits recorded for the fund. */
    benefitCount: z.number().int(),
    /** Fast track (issue 21 item 2): claims at or under this gross amount (cents) may be approved by the rule; null: none. */
    fastTrackThresholdCents: z.number().int().nullable(),
    /** The promise members read: "usually paid within N days"; set with the threshold. */
    fastTrackDays: z.number().int().nullable(),
    /** Four-eyes (issue 36 item 2): approving a claim over this gross amount (cents) needs two staff users; null: one suffices. */
    secondApprovalThresholdCents: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FundResponse' });
export type FundResponse = z.infer<typeof FundResponse>;

const fundFields = {
  name: zRequiredString(200),
  registrationNumber: zRegistrationNumber(),
  fundTypeId: z.number().int().positive().nullable().optional(),
  administratorPartnerId: z.number().int().positive().nullable().optional(),
  contactName: z.string().trim().max(200).nullable().optional(),
  contactEmail: zClearable(zOptionalEmail()),
  contactPhone: zClearable(zOptionalPhoneNumber()),
  tags: z.array(zTag()).max(20).optional(),
  status: z.enum(FUND_STATUSES).optional(),
  /** Cents, 1 cent to R10 million; null clears (no fast track). */
  fastTrackThresholdCents: z.number().int().min(1).max(1_000_000_000).nullable().optional(),
  /** 1 to 90 days; needed with a threshold. */
  fastTrackDays: z.number().int().min(1).max(90).nullable().optional(),
  /** Cents, 0 to R10 million; null clears (one approval suffices). At or above the fast-track amount. */
  secondApprovalThresholdCents: z.number().int().min(0).max(1_000_000_000).nullable().optional(),
};

/** `POST /api/v1/funds`. */
export const CreateFundRequest = z.object(fundFields).meta({ id: 'CreateFundRequest' });
export type CreateFundRequest = z.input<typeof CreateFundRequest>;

/** `PATCH /api/v1/funds/{id}`: only the fields given change; null clears an optional field. */
export const UpdateFundRequest = z
  .object({ ...fundFields, name: fundFields.name.optional(), registrationNumber: zRegistrationNumber().optional() })
  .meta({ id: 'UpdateFundRequest' });
export type UpdateFundRequest = z.input<typeof UpdateFundRequest>;

/** `GET /api/v1/funds` query. */
export const FundListQuery = listQuery({
  sort: ['id', 'name', 'registrationNumber', 'status', 'createdAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filter: {
    status: z.enum(FUND_STATUSES).optional(),
    fundTypeId: zQueryId().optional(),
    administratorPartnerId: zQueryId().optional(),
    tag: z.string().max(40).optional(),
  },
});
export const FundListResponse = listResponse(FundResponse).meta({ id: 'FundListResponse' });

/** `GET /api/v1/funds/get/tags`: every tag in use, for filters, sorted. */
export const FundTagListResponse = listResponse(z.string()).meta({ id: 'FundTagListResponse' });

/** A fund's fee (spec 7 `funds/{id}/fees`, `fees/{feeId}`). Money in cents, rates in basis points. */
export const FeeResponse = z
  .object({
    id: z.number().int(),
    fundId: z.number().int(),
    name: z.string(),
    kind: z.enum(['percentage', 'fixed']),
    /** `percentage`: basis points of the gross amount (250 = 2.5%). */
    basisPoints: z.number().int().nullable(),
    /** `fixed`: cents. */
    amountCents: z.number().int().nullable(),
    /** VAT (15%) is charged on this fee. */
    vatApplies: z.boolean(),
    /** The rate or amount includes the VAT (otherwise VAT is added on top). */
    vatInclusive: z.boolean(),
    /** First and last day it applies (`YYYY-MM-DD`, inclusive); null: open-ended. */
    effectiveFrom: z.string().nullable(),
    effectiveTo: z.string().nullable(),
    /** It applies today (South African date). */
    inEffect: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FeeResponse' });
export type FeeResponse = z.infer<typeof FeeResponse>;
export const FeeListResponse = listResponse(FeeResponse).meta({ id: 'FeeListResponse' });

/** The fields of a fee that must agree with each other. */
export interface FeeFields {
  kind: 'percentage' | 'fixed';
  basisPoints?: number | null | undefined;
  amountCents?: number | null | undefined;
  vatApplies?: boolean | undefined;
  vatInclusive?: boolean | undefined;
  effectiveFrom?: string | null | undefined;
  effectiveTo?: string | null | undefined;
}

/**
 * What is wrong with a fee as a whole (per field, empty when nothing): a percentage needs basis
 * points and no amount, a fixed fee an amount and no rate, VAT-inclusive needs VAT, and the end is
 * not before the start. Used by the request schema and by the server after merging a change.
 */
export function feeProblems(fee: FeeFields): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    problems[field] = [...(problems[field] ?? []), message];
  };
  if (fee.kind === 'percentage') {
    if (fee.basisPoints === null || fee.basisPoints === undefined) add('basisPoints', FEE_MESSAGES.basisPointsRequired);
    if (fee.amountCents !== null && fee.amountCents !== undefined) add('amountCents', FEE_MESSAGES.notForKind);
  } else {
    if (fee.amountCents === null || fee.amountCents === undefined) add('amountCents', FEE_MESSAGES.amountRequired);
    if (fee.basisPoints !== null && fee.basisPoints !== undefined) add('basisPoints', FEE_MESSAGES.notForKind);
  }
  if (fee.vatInclusive && fee.vatApplies === false) add('vatInclusive', FEE_MESSAGES.vatInclusiveWithoutVat);
  if (fee.effectiveFrom && fee.effectiveTo && fee.effectiveTo < fee.effectiveFrom) {
    add('effectiveTo', FEE_MESSAGES.endBeforeStart);
  }
  return problems;
}

const feeFields = {
  name: zRequiredString(100),
  kind: z.enum(['percentage', 'fixed'], { error: 'Choose percentage or fixed.' }),
  basisPoints: z.number().int().min(1).max(10_000).nullable().optional(),
  amountCents: z.number().int().min(1).max(100_000_000_000).nullable().optional(),
  vatApplies: z.boolean().optional(),
  vatInclusive: z.boolean().optional(),
  effectiveFrom: zDay().nullable().optional(),
  effectiveTo: zDay().nullable().optional(),
};

/** `POST /api/v1/funds/{id}/fees`. VAT applies unless `vatApplies: false`; it is added on top unless `vatInclusive`. */
export const CreateFeeRequest = z
  .object(feeFields)
  .superRefine((fee, ctx) => {
    for (const [field, messages] of Object.entries(feeProblems(fee))) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .meta({ id: 'CreateFeeRequest' });
export type CreateFeeRequest = z.input<typeof CreateFeeRequest>;

/** `PATCH /api/v1/fees/{feeId}`: only the fields given change; the result is checked as a whole. */
export const UpdateFeeRequest = z
  .object({ ...feeFields, name: feeFields.name.optional(), kind: feeFields.kind.optional() })
  .meta({ id: 'UpdateFeeRequest' });
export type UpdateFeeRequest = z.input<typeof UpdateFeeRequest>;

/** Path `{feeId}` of `fees/{feeId}`. */
export const FeeParams = z.object({ feeId: z.coerce.number().int().min(1) });

/** A kind of process step (`GET funds/{id}/process-steps/steps`). */
export const ProcessStepKindResponse = z
  .object({
    kind: z.enum(PROCESS_STEP_KIND_CODES),
    label: z.string(),
    /** Who records its outcome: `staff`, or `partner` (the fund administrator, partner API). */
    actor: z.enum(['staff', 'partner']),
    description: z.string(),
  })
  .meta({ id: 'ProcessStepKindResponse' });
export type ProcessStepKindResponse = z.infer<typeof ProcessStepKindResponse>;
export const ProcessStepKindListResponse = listResponse(ProcessStepKindResponse).meta({
  id: 'ProcessStepKindListResponse',
});

/** One step of a fund's checklist, in order. */
export const ProcessStepResponse = z
  .object({
    /** null for the default checklist (the fund has not set its own). */
    id: z.number().int().nullable(),
    /** 1-based. */
    position: z.number().int(),
    kind: z.enum(PROCESS_STEP_KIND_CODES),
    label: z.string(),
    actor: z.enum(['staff', 'partner']),
  })
  .meta({ id: 'ProcessStepResponse' });
export type ProcessStepResponse = z.infer<typeof ProcessStepResponse>;

/** `GET funds/{id}/process-steps`: the fund's checklist; `usesDefault` when it has not set its own. */
export const ProcessStepListResponse = listResponse(ProcessStepResponse)
  .extend({ usesDefault: z.boolean() })
  .meta({ id: 'ProcessStepListResponse' });
export type ProcessStepListResponse = z.infer<typeof ProcessStepListResponse>;

/**
 * `POST funds/{id}/process-steps`: the fund's whole checklist, in order (replaces the previous
 * one; claims already submitted keep theirs). `label` defaults to the kind's label.
 */
export const SetProcessStepsRequest = z
  .object({
    steps: z
      .array(z.object({ kind: z.enum(PROCESS_STEP_KIND_CODES), label: z.string().trim().min(1).max(100).optional() }))
      .min(1)
      .max(PROCESS_STEP_KINDS.length),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.steps.forEach((step, index) => {
      if (seen.has(step.kind)) {
        ctx.addIssue({ code: 'custom', path: ['steps', index, 'kind'], message: PROCESS_STEP_MESSAGES.duplicate });
      }
      seen.add(step.kind);
    });
  })
  .meta({ id: 'SetProcessStepsRequest' });
export type SetProcessStepsRequest = z.input<typeof SetProcessStepsRequest>;

/** A step of one claim's checklist, copied from its fund at submission; issue 9 records outcomes. */
export const ClaimProcessStepResponse = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    kind: z.enum(PROCESS_STEP_KIND_CODES),
    label: z.string(),
    actor: z.enum(['staff', 'partner']),
    status: z.enum(CLAIM_PROCESS_STEP_STATUSES),
    note: z.string().nullable(),
    decidedBy: z.object({ type: z.enum(['user', 'partner']), id: z.number().int() }).nullable(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'ClaimProcessStepResponse' });
export type ClaimProcessStepResponse = z.infer<typeof ClaimProcessStepResponse>;
