import { z } from 'zod';
import { CLAIM_STATUSES } from '../claims.js';
import { APPROVAL_MESSAGES, ClaimApprovalResponse } from './approvals.js';
import { PersonBankResponse } from './bank-accounts.js';
import { BankMatchResponse } from './bank-match.js';
import { BENEFIT_STATUSES, FundSummary, PayoutResponse } from './benefits.js';
import { ClaimAssigneeResponse } from './claim-assignment.js';
import { ClaimRiskResponse } from './claim-risk.js';
import { ClaimDocumentResponse, ClaimEventResponse, InformationRequestResponse } from './claims.js';
import { FastTrackDecisionResponse } from './fast-track.js';
import { ClaimProcessStepResponse } from './funds.js';
import { cursorListResponse, listQuery, zCursor, zQueryBoolean, zQueryId } from './lists.js';

/**
 * Staff review of benefits and claims (spec 7 `/api/v1/benefits*`; issue 9). Lists page by cursor
 * (decision 016); one benefit or claim with personal data is audited on every view.
 */

const zDate = () => z.iso.date().describe('YYYY-MM-DD');

/** `GET /api/v1/benefits`: filter by fund, status, created date; `q` is an ID number, member number or surname. */
export const AdminBenefitListQuery = listQuery({
  sort: ['id'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: {
    fundId: zQueryId().optional(),
    status: z.enum(BENEFIT_STATUSES).optional(),
    createdFrom: zDate().optional(),
    createdTo: zDate().optional(),
  },
}).extend({ cursor: zCursor() });
export type AdminBenefitListQuery = z.output<typeof AdminBenefitListQuery>;

/** The person behind a benefit in lists: name and masked ID number only. */
export const AdminPersonSummary = z
  .object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), idNumberMasked: z.string() })
  .meta({ id: 'AdminPersonSummary' });

/** A benefit in the staff list. */
export const AdminBenefitResponse = z
  .object({
    id: z.number().int(),
    fund: FundSummary,
    person: AdminPersonSummary,
    memberNumber: z.string(),
    benefitType: z.string(),
    /** Gross, cents. */
    amountCents: z.number().int(),
    status: z.enum(BENEFIT_STATUSES),
    /**
     * When the member was found deceased (issue 17): the benefit goes to the fund's dependants'
     * process (Pension Funds Act s37C) and cannot be claimed by a member sign-up; null otherwise.
     */
    dependantsProcessAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminBenefitResponse' });
export type AdminBenefitResponse = z.infer<typeof AdminBenefitResponse>;

export const AdminBenefitListResponse = cursorListResponse(AdminBenefitResponse).meta({
  id: 'AdminBenefitListResponse',
});
export type AdminBenefitListResponse = z.infer<typeof AdminBenefitListResponse>;

/** `GET benefits/status` and `benefits/claims/status`: how many in each status, and all. */
export const StatusCountsResponse = z
  .object({ counts: z.record(z.string(), z.number().int()), total: z.number().int() })
  .meta({ id: 'StatusCountsResponse' });
export type StatusCountsResponse = z.infer<typeof StatusCountsResponse>;

/** `GET benefits/status` and `benefits/claims/status` query: optionally one fund. */
export const StatusCountsQuery = z.object({ fundId: zQueryId().optional() });

/** A claims-queue assignee filter: `me`, `none` or a staff user's id. */
const zQueryAssignee = () =>
  z.union([z.enum(['me', 'none']), zQueryId()], { error: 'Give me, none or a staff user id.' });

/** A filter value that is an amount in cents (`filter[minAmountCents]=100000`). */
const zQueryCents = () => z.coerce.number().int().min(0).max(100_000_000_000);

/** `GET /api/v1/benefits/claims`: filter by fund, status, submitted date, gross amount (cents, both included). */
export const AdminClaimListQuery = listQuery({
  // `riskFlagCount:desc`: most risk flags first (issue 36 item 3), then newest. `submittedAt` and
  // `amountCents` (gross): the queue's sortable columns (issue 38 item 3), ties by id the same way.
  sort: ['id', 'riskFlagCount', 'submittedAt', 'amountCents'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: {
    fundId: zQueryId().optional(),
    status: z.enum(CLAIM_STATUSES).optional(),
    submittedFrom: zDate().optional(),
    submittedTo: zDate().optional(),
    minAmountCents: zQueryCents().optional(),
    maxAmountCents: zQueryCents().optional(),
    /** `true`: only claims with a risk flag; `false`: only claims without (issue 36 item 3). */
    flagged: zQueryBoolean().optional(),
    /** `me` (the caller), `none` (nobody) or a staff user's id (issue 36 item 4). */
    assignee: zQueryAssignee().optional(),
  },
}).extend({ cursor: zCursor() });
export type AdminClaimListQuery = z.output<typeof AdminClaimListQuery>;

/** A claim in the staff list. */
export const AdminClaimSummaryResponse = z
  .object({
    id: z.number().int(),
    benefitId: z.number().int(),
    status: z.enum(CLAIM_STATUSES),
    fund: FundSummary,
    person: AdminPersonSummary,
    /** Gross, cents. */
    amountCents: z.number().int(),
    submittedAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminClaimSummaryResponse' });
export type AdminClaimSummaryResponse = z.infer<typeof AdminClaimSummaryResponse>;

export const AdminClaimListResponse = cursorListResponse(AdminClaimSummaryResponse).meta({
  id: 'AdminClaimListResponse',
});
export type AdminClaimListResponse = z.infer<typeof AdminClaimListResponse>;

/** The member as staff verify them: full ID number and contact details (every view audited). */
export const AdminClaimantResponse = z
  .object({
    personId: z.number().int(),
    personUserId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    idNumber: z.string(),
    dateOfBirth: z.string(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    iidentifiiVerified: z.boolean(),
  })
  .meta({ id: 'AdminClaimantResponse' });

/** One claim for review: member, benefit, bank account (masked), documents, payout, timeline. */
export const AdminClaimResponse = z
  .object({
    id: z.number().int(),
    status: z.enum(CLAIM_STATUSES),
    benefit: AdminBenefitResponse,
    claimant: AdminClaimantResponse,
    bankAccount: PersonBankResponse.nullable(),
    documents: z.array(ClaimDocumentResponse),
    payout: PayoutResponse,
    submittedAt: z.iso.datetime().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    paidAt: z.iso.datetime().nullable(),
    rejectionReason: z.string().nullable(),
    paymentReference: z.string().nullable(),
    events: z.array(ClaimEventResponse),
    /** The last bank account verification (AVS) of the claim's account; null until run (issue 18). */
    bankMatch: BankMatchResponse.nullable(),
    /** The fund's checklist as it was at submission, with each step's outcome. */
    processSteps: z.array(ClaimProcessStepResponse),
    /** Every request for more information on the claim, newest first (issue 21 item 1). */
    informationRequests: z.array(InformationRequestResponse),
    /** The fast-track rule's evaluation at submission, each condition's result; null when the fund has none (issue 21 item 2). */
    fastTrack: FastTrackDecisionResponse.nullable(),
    /** The approval checks, four-eyes state and any override (issue 36 items 1-2). */
    approval: ClaimApprovalResponse,
    /** The claim's fraud and risk flags with their explanations (issue 36 item 3). */
    risk: ClaimRiskResponse,
    /** The staff user working the claim; null: nobody (issue 36 item 4). */
    assignee: ClaimAssigneeResponse.nullable(),
  })
  .meta({ id: 'AdminClaimResponse' });
export type AdminClaimResponse = z.infer<typeof AdminClaimResponse>;

/** `GET /api/v1/benefits/{id}`: a benefit with its current claim's summary. */
export const AdminBenefitDetailResponse = AdminBenefitResponse.extend({
  claim: AdminClaimSummaryResponse.pick({ id: true, status: true, submittedAt: true }).nullable(),
}).meta({ id: 'AdminBenefitDetailResponse' });
export type AdminBenefitDetailResponse = z.infer<typeof AdminBenefitDetailResponse>;

/** Messages of claim decisions (issue 9). */
export const DECISION_MESSAGES = {
  reasonRequired: 'Give the reason the member will read.',
  paymentReferenceRequired: 'Give the payment reference.',
  administratorDecides: "This fund's administrator decides its claims through the partner API.",
  alreadyDecided: 'This claim was already decided differently.',
  noAccount: 'This member has no account yet, so a claim cannot be lodged for them.',
  notInReview: 'Process steps are recorded while a claim is submitted or in review.',
  stepNotFound: 'This process step is not on this claim.',
} as const;

/** The fields of a decision that staff and fund administrators share. */
const ClaimDecisionFields = z.object({
  decision: z.enum(['approved', 'rejected', 'paid']),
  reason: z.string().trim().max(500).optional(),
  paymentReference: z.string().trim().max(100).optional(),
});

/** A rejection needs the reason the member reads; a payment, its reference. */
function decisionRules(value: z.infer<typeof ClaimDecisionFields>, ctx: z.RefinementCtx): void {
  if (value.decision === 'rejected' && !value.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: DECISION_MESSAGES.reasonRequired });
  }
  if (value.decision === 'paid' && !value.paymentReference) {
    ctx.addIssue({ code: 'custom', path: ['paymentReference'], message: DECISION_MESSAGES.paymentReferenceRequired });
  }
}

/**
 * A staff decision on a claim (`POST benefits/claim/{id}/decision`): approve, reject with the
 * reason the member reads, or mark paid with the payment reference. Approving a claim whose
 * approval checks are not all met needs `overrideReason` and the permission `claims.override`
 * (issue 36 item 1); `confirmNetCents`, the net payout (cents) the approver was shown, makes the
 * approval fail with 409 when the payout changed meanwhile.
 */
export const ClaimDecisionRequest = ClaimDecisionFields.extend({
  /** Why the claim is approved although approval checks are unmet (audited, kept on the claim). */
  overrideReason: z.string().trim().min(10, APPROVAL_MESSAGES.overrideReasonTooShort).max(500).optional(),
  /** The net payout (cents) the approver confirmed on screen. */
  confirmNetCents: z.number().int().min(0).max(1_000_000_000_000).optional(),
})
  .superRefine(decisionRules)
  .meta({ id: 'ClaimDecisionRequest' });
export type ClaimDecisionRequest = z.infer<typeof ClaimDecisionRequest>;

/**
 * A fund administrator's decision (`approvalresponse`): the shared fields with the claim's id, and
 * nothing of staff's (`overrideReason`, `confirmNetCents`): any other field is refused (issue 39 item 2).
 */
export const PartnerDecisionFields = z
  .strictObject({ ...ClaimDecisionFields.shape, claimId: z.number().int().positive() })
  .superRefine(decisionRules);

/** `POST benefits/{id}/admin/claim`: staff lodge a claim for the member (assisted claim); the reason is kept. */
export const AdminLodgeClaimRequest = z
  .object({ reason: z.string().trim().min(3, DECISION_MESSAGES.reasonRequired).max(500) })
  .meta({ id: 'AdminLodgeClaimRequest' });
export type AdminLodgeClaimRequest = z.infer<typeof AdminLodgeClaimRequest>;

/**
 * `POST /api/v1/benefits/{id}` (spec 7 "POST {id} (claim)"; issue 9): records one process step's
 * outcome on the benefit's claim; the first one starts the review.
 */
export const ProcessStepLogRequest = z
  .object({
    stepId: z.number().int().positive(),
    status: z.enum(['passed', 'failed']),
    note: z.string().trim().max(1000).optional(),
  })
  .meta({ id: 'ProcessStepLogRequest' });
export type ProcessStepLogRequest = z.infer<typeof ProcessStepLogRequest>;

/** Export formats (issue 18): CSV (UTF-8 with BOM) or XLSX. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

const exportOptions = {
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /** Full ID and account numbers: needs `benefits.export-unmasked` (403 otherwise). */
  unmasked: zQueryBoolean().default(false),
};

/**
 * `GET /api/v1/benefits/export`: every benefit the list's filters and search find (no pages), as
 * CSV or XLSX, streamed; ID numbers masked unless `unmasked=true` (with its permission).
 */
export const AdminBenefitExportQuery = AdminBenefitListQuery.omit({ cursor: true, page: true, pageSize: true }).extend(
  exportOptions,
);
export type AdminBenefitExportQuery = z.output<typeof AdminBenefitExportQuery>;

/** `GET /api/v1/benefits/claims/export`: the claims list's filters, streamed; ID and account numbers masked unless unmasked. */
export const AdminClaimExportQuery = AdminClaimListQuery.omit({ cursor: true, page: true, pageSize: true }).extend(
  exportOptions,
);
export type AdminClaimExportQuery = z.output<typeof AdminClaimExportQuery>;

/** The message of the 403 for `unmasked=true` without `benefits.export-unmasked`. */
export const EXPORT_MESSAGES = {
  unmaskedForbidden: 'You may only export masked ID and account numbers.',
} as const;
