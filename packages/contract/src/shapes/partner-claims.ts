import { z } from 'zod';
import { BANK_ACCOUNT_TYPES } from '../banks.js';
import { CLAIM_STATUSES } from '../claims.js';
import { AdminClaimListResponse, ClaimDecisionRequest } from './admin-benefits.js';
import { PayoutResponse } from './benefits.js';
import { ClaimDocumentResponse, ClaimEventResponse } from './claims.js';

/**
 * The partner API (spec 7 "Admin, version 2 (all POST)": `benefitclaim/getlist`, `getdetails`,
 * `approvalresponse`; issue 9), for fund administrators with an API key: only claims of the funds
 * the partner administers.
 */

/** `POST /api/v2/benefitclaim/getlist`: claims by status and submission date, newest first, by cursor. */
export const PartnerClaimListRequest = z
  .object({
    status: z.enum(CLAIM_STATUSES).exclude(['draft']).optional(),
    submittedFrom: z.iso.date().optional(),
    submittedTo: z.iso.date().optional(),
    pageSize: z.number().int().min(1).max(100).default(25),
    cursor: z.string().max(200).optional(),
  })
  .meta({
    id: 'PartnerClaimListRequest',
    examples: [{ status: 'submitted', submittedFrom: '2026-11-01', pageSize: 25 }],
  });
export type PartnerClaimListRequest = z.output<typeof PartnerClaimListRequest>;

/** The list answer: the back office's cursor envelope of claim summaries. */
export const PartnerClaimListResponse = AdminClaimListResponse;

/** `POST /api/v2/benefitclaim/getdetails`. */
export const PartnerClaimDetailsRequest = z
  .object({ claimId: z.number().int().positive() })
  .meta({ id: 'PartnerClaimDetailsRequest', examples: [{ claimId: 42 }] });

/** What an administrator needs to pay: the member's identity, the benefit, the account, fees and net. */
export const PartnerClaimDetailsResponse = z
  .object({
    claimId: z.number().int(),
    status: z.enum(CLAIM_STATUSES),
    submittedAt: z.iso.datetime().nullable(),
    member: z.object({
      firstName: z.string(),
      lastName: z.string(),
      idNumber: z.string(),
      dateOfBirth: z.string(),
      identityVerified: z.boolean(),
    }),
    benefit: z.object({
      id: z.number().int(),
      fundId: z.number().int(),
      memberNumber: z.string(),
      benefitType: z.string(),
      /** Gross, cents. */
      amountCents: z.number().int(),
    }),
    bankAccount: z
      .object({
        bankName: z.string(),
        universalBranchCode: z.string(),
        accountType: z.enum(BANK_ACCOUNT_TYPES),
        /** In full: the administrator pays into it. Every read is audited. */
        accountNumber: z.string(),
        holderName: z.string(),
      })
      .nullable(),
    documents: z.array(ClaimDocumentResponse),
    /** The payout the member accepted: gross, each fee with VAT, net (cents). */
    payout: PayoutResponse,
    rejectionReason: z.string().nullable(),
    paymentReference: z.string().nullable(),
    events: z.array(ClaimEventResponse),
  })
  .meta({ id: 'PartnerClaimDetailsResponse' });
export type PartnerClaimDetailsResponse = z.infer<typeof PartnerClaimDetailsResponse>;

/** `POST /api/v2/benefitclaim/approvalresponse`: approve, reject (reason), or mark paid (payment reference). */
export const PartnerApprovalRequest = ClaimDecisionRequest.safeExtend({ claimId: z.number().int().positive() }).meta({
  id: 'PartnerApprovalRequest',
  examples: [
    { claimId: 42, decision: 'approved' },
    { claimId: 42, decision: 'rejected', reason: 'The member was paid out in 2019.' },
    { claimId: 42, decision: 'paid', paymentReference: 'EFT-2026-11-000123' },
  ],
});
export type PartnerApprovalRequest = z.infer<typeof PartnerApprovalRequest>;
