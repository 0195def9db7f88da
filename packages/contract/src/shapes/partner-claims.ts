import { z } from 'zod';
import { BANK_ACCOUNT_TYPES } from '../banks.js';
import { CLAIM_STATUSES } from '../claims.js';
import { AdminClaimListResponse, PartnerDecisionFields } from './admin-benefits.js';
import { PayoutResponse } from './benefits.js';
import { ClaimDocumentResponse, ClaimEventResponse } from './claims.js';

/**
 * The partner API (spec 7 "Admin, version 2 (all POST)": `benefitclaim/getlist`, `getdetails`,
 * `approvalresponse`; issue 9), for fund administrators with an API key: only claims of the funds
 * the partner administers.
 */

/**
 * `POST /api/v2/benefitclaim/getlist`: claims by status and submission date, newest first, by
 * cursor. The body is optional (no body: every claim, 25 a page; issue 39 item 2).
 */
export const PartnerClaimListRequest = z
  .strictObject({
    status: z.enum(CLAIM_STATUSES).exclude(['draft']).optional(),
    submittedFrom: z.iso.date().optional(),
    submittedTo: z.iso.date().optional(),
    pageSize: z.number().int().min(1).max(100).default(25),
    cursor: z.string().max(200).optional(),
  })
  .meta({
    id: 'PartnerClaimListRequest',
    examples: [{ status: 'submitted', submittedFrom: '2026-11-01', pageSize: 25 }],
  })
  .prefault({});
export type PartnerClaimListRequest = z.output<typeof PartnerClaimListRequest>;

/** The list answer: the back office's cursor envelope of claim summaries. */
export const PartnerClaimListResponse = AdminClaimListResponse.meta({
  id: 'PartnerClaimListResponse',
  examples: [
    {
      items: [
        {
          id: 42,
          benefitId: 1017,
          status: 'submitted',
          fund: { id: 1, name: 'Demo Retirement Fund', registrationNumber: '12/8/00001' },
          person: { id: 311, firstName: 'Nomsa', lastName: 'Dlamini', idNumberMasked: '*********4085' },
          amountCents: 1248050,
          submittedAt: '2026-11-20T09:15:00.000Z',
          updatedAt: '2026-11-20T09:15:00.000Z',
        },
      ],
      pageSize: 25,
      nextCursor: null,
    },
  ],
});
export type PartnerClaimListResponse = z.infer<typeof PartnerClaimListResponse>;

/** `POST /api/v2/benefitclaim/getdetails`. */
export const PartnerClaimDetailsRequest = z
  .strictObject({ claimId: z.number().int().positive() })
  .meta({ id: 'PartnerClaimDetailsRequest', examples: [{ claimId: 42 }] });

/**
 * `POST /api/v2/benefitclaim/getdocument` (issue 39 item 4): one of the claim's documents, by the
 * ids `getdetails` lists (`documents[].id`).
 */
export const PartnerClaimDocumentRequest = z
  .strictObject({ claimId: z.number().int().positive(), documentId: z.number().int().positive() })
  .meta({ id: 'PartnerClaimDocumentRequest', examples: [{ claimId: 42, documentId: 97 }] });
export type PartnerClaimDocumentRequest = z.infer<typeof PartnerClaimDocumentRequest>;

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
  .meta({
    id: 'PartnerClaimDetailsResponse',
    examples: [
      {
        claimId: 42,
        status: 'approved',
        submittedAt: '2026-11-20T09:15:00.000Z',
        member: {
          firstName: 'Nomsa',
          lastName: 'Dlamini',
          idNumber: '7503140234085',
          dateOfBirth: '1975-03-14',
          identityVerified: true,
        },
        benefit: { id: 1017, fundId: 1, memberNumber: 'M000123', benefitType: 'withdrawal', amountCents: 1248050 },
        bankAccount: {
          bankName: 'Capitec Bank',
          universalBranchCode: '470010',
          accountType: 'SAVINGS',
          accountNumber: '1234567890',
          holderName: 'N Dlamini',
        },
        documents: [
          {
            id: 7,
            kind: 'ID_COPY',
            originalName: 'id.pdf',
            contentType: 'application/pdf',
            sizeBytes: 182044,
            state: 'received',
            rejectionReason: null,
            whatToDo: null,
            createdAt: '2026-11-20T09:10:00.000Z',
          },
        ],
        payout: {
          grossAmountCents: 1248050,
          fees: [
            {
              name: 'Tracing fee',
              kind: 'percentage',
              basisPoints: 500,
              feeCents: 62403,
              vatCents: 9360,
              totalCents: 71763,
            },
          ],
          totalFeesCents: 71763,
          netAmountCents: 1176287,
        },
        rejectionReason: null,
        paymentReference: null,
        events: [
          {
            id: 90,
            fromStatus: 'draft',
            toStatus: 'submitted',
            actor: 'you',
            note: null,
            createdAt: '2026-11-20T09:15:00.000Z',
          },
          {
            id: 95,
            fromStatus: 'in_review',
            toStatus: 'approved',
            actor: 'fund',
            note: null,
            createdAt: '2026-11-21T11:00:00.000Z',
          },
        ],
      },
    ],
  });
export type PartnerClaimDetailsResponse = z.infer<typeof PartnerClaimDetailsResponse>;

/** `POST /api/v2/benefitclaim/approvalresponse`: approve, reject (reason), or mark paid (payment reference). */
export const PartnerApprovalRequest = PartnerDecisionFields.meta({
  id: 'PartnerApprovalRequest',
  examples: [
    { claimId: 42, decision: 'approved' },
    { claimId: 42, decision: 'rejected', reason: 'The member was paid out in 2019.' },
    { claimId: 42, decision: 'paid', paymentReference: 'EFT-2026-11-000123' },
  ],
});
export type PartnerApprovalRequest = z.infer<typeof PartnerApprovalRequest>;
