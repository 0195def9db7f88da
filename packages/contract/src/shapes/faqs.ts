import { z } from 'zod';
import { zRequiredString } from '../rules/zod-rules.js';
import { FundSummary } from './benefits.js';
import { listQuery, listResponse, zQueryBoolean, zQueryId } from './lists.js';

/** An FAQ as staff manage it (spec 7 `faq*`): the answer is a Liquid template. */
export const FaqResponse = z
  .object({
    id: z.number().int(),
    question: z.string(),
    /** Liquid, filled with benefit, person, fund and claim when shown. */
    answer: z.string(),
    /** Lower first. */
    sortOrder: z.number().int(),
    /** Members see published FAQs only. */
    published: z.boolean(),
    /** The funds it applies to; empty: every fund (a general FAQ). */
    fundIds: z.array(z.number().int()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FaqResponse' });
export type FaqResponse = z.infer<typeof FaqResponse>;

const zFundIds = () => z.array(z.number().int().min(1)).max(200);

/** `POST /api/v1/faq`. The answer must parse as Liquid (422 `answer` with line and column). */
export const CreateFaqRequest = z
  .object({
    question: zRequiredString(500),
    answer: zRequiredString(20_000),
    sortOrder: z.number().int().min(0).max(100_000).default(0),
    published: z.boolean().default(false),
    fundIds: zFundIds().default([]),
  })
  .meta({ id: 'CreateFaqRequest' });
export type CreateFaqRequest = z.input<typeof CreateFaqRequest>;

/** `PATCH /api/v1/faq/{id}`: only the fields given change (`fundIds` replaces the set). */
export const UpdateFaqRequest = z
  .object({
    question: zRequiredString(500).optional(),
    answer: zRequiredString(20_000).optional(),
    sortOrder: z.number().int().min(0).max(100_000).optional(),
    published: z.boolean().optional(),
    fundIds: zFundIds().optional(),
  })
  .meta({ id: 'UpdateFaqRequest' });
export type UpdateFaqRequest = z.input<typeof UpdateFaqRequest>;

/** `GET /api/v1/faq` query: `filter[published]`, `filter[fundId]` (FAQs of that fund, general ones too); `q`. */
export const FaqListQuery = listQuery({
  sort: ['id', 'sortOrder', 'question', 'updatedAt'],
  defaultSort: [{ field: 'sortOrder', direction: 'asc' }],
  filter: { published: zQueryBoolean().optional(), fundId: zQueryId().optional() },
});
export const FaqListResponse = listResponse(FaqResponse).meta({ id: 'FaqListResponse' });

/** `GET /api/v1/faq/{id}/funds`: the funds an FAQ applies to (empty: all funds). */
export const FaqFundListResponse = listResponse(FundSummary).meta({ id: 'FaqFundListResponse' });

/** `null`, empty or absent: no id (spec 7 "fundId (or null)"). */
const zNullableQueryId = () =>
  z
    .union([z.literal('null'), z.literal(''), z.coerce.number().int().min(1)])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null));

/** `GET /api/app/faq-funds?fundId=` (no schema id: a querystring). */
export const FaqFundsQuery = z.object({ fundId: zNullableQueryId() });
export type FaqFundsQuery = z.input<typeof FaqFundsQuery>;

/** `GET /api/app/faq-funds/params?benefitId=` (no schema id: a querystring). */
export const FaqParamsQuery = z.object({ benefitId: zNullableQueryId() });
export type FaqParamsQuery = z.input<typeof FaqParamsQuery>;

/** An FAQ entry as members get it (spec 3 "FAQ entry"): the answer is the template, filled in the app. */
export const FaqEntryResponse = z
  .object({ id: z.number().int(), question: z.string(), answer: z.string() })
  .meta({ id: 'FaqEntryResponse' });
export type FaqEntryResponse = z.infer<typeof FaqEntryResponse>;

export const FaqEntryListResponse = listResponse(FaqEntryResponse).meta({ id: 'FaqEntryListResponse' });
export type FaqEntryListResponse = z.infer<typeof FaqEntryListResponse>;

/**
 * The template data of one benefit (spec 3 "FAQ template data"): benefit, person (from the
 * benefit; ID number masked), fund, and claim (the benefit's claims, a list). Only what answers
 * need: no bank details, no full ID number, no contact details.
 */
export const FaqTemplateDataResponse = z
  .object({
    benefit: z.object({
      id: z.number().int(),
      benefitType: z.string(),
      status: z.string(),
      amount: z.string(),
      amountCents: z.number().int(),
      totalFees: z.string(),
      netAmount: z.string(),
      netAmountCents: z.number().int(),
    }),
    person: z.object({ firstName: z.string(), lastName: z.string(), idNumberMasked: z.string() }),
    fund: FundSummary,
    claim: z.array(z.object({ id: z.number().int(), status: z.string(), submittedAt: z.string().nullable() })),
  })
  .meta({ id: 'FaqTemplateDataResponse' });
export type FaqTemplateDataResponse = z.infer<typeof FaqTemplateDataResponse>;

/**
 * `GET faq-funds/params` (spec 7: "treated as a list"): one entry for a benefit the signed-in,
 * identity-checked member owns; empty otherwise (no benefit, signed out, someone else's).
 */
export const FaqParamsListResponse = listResponse(FaqTemplateDataResponse).meta({ id: 'FaqParamsListResponse' });
export type FaqParamsListResponse = z.infer<typeof FaqParamsListResponse>;
