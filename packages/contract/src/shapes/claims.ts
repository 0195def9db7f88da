import { z } from 'zod';
import { CLAIM_DOCUMENT_KINDS, CLAIM_STATUSES, CLAIM_STEP_KEYS } from '../claims.js';
import { CLAIM_MESSAGES } from '../messages/claims.js';
import { PersonBankResponse } from './bank-accounts.js';
import { PayoutResponse } from './benefits.js';

/** One claim step with its state (done, current, todo). */
export const ClaimStepResponse = z
  .object({ key: z.enum(CLAIM_STEP_KEYS), label: z.string(), state: z.enum(['done', 'current', 'todo']) })
  .meta({ id: 'ClaimStepResponse' });
export type ClaimStepResponse = z.infer<typeof ClaimStepResponse>;

/** One move in the claim's timeline: who moved it (you, staff, the fund, the system) and when. */
export const ClaimEventResponse = z
  .object({
    id: z.number().int(),
    fromStatus: z.enum(CLAIM_STATUSES).nullable(),
    toStatus: z.enum(CLAIM_STATUSES),
    actor: z.enum(['you', 'staff', 'fund', 'system']),
    note: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ClaimEventResponse' });
export type ClaimEventResponse = z.infer<typeof ClaimEventResponse>;

/** A document uploaded for a claim (never a path or URL to the file). */
export const ClaimDocumentResponse = z
  .object({
    id: z.number().int(),
    kind: z.enum(CLAIM_DOCUMENT_KINDS),
    originalName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ClaimDocumentResponse' });
export type ClaimDocumentResponse = z.infer<typeof ClaimDocumentResponse>;

/** A claim with its steps, bank account (masked), documents, payout and timeline (oldest first). */
export const ClaimResponse = z
  .object({
    id: z.number().int(),
    benefitId: z.number().int(),
    status: z.enum(CLAIM_STATUSES),
    steps: z.array(ClaimStepResponse),
    personalDetailsConfirmedAt: z.iso.datetime().nullable(),
    bankAccount: PersonBankResponse.nullable(),
    documents: z.array(ClaimDocumentResponse),
    feesAcceptedAt: z.iso.datetime().nullable(),
    declarationAcceptedAt: z.iso.datetime().nullable(),
    /** Today's payout for a draft; the accepted payout once submitted. */
    payout: PayoutResponse,
    submittedAt: z.iso.datetime().nullable(),
    rejectionReason: z.string().nullable(),
    events: z.array(ClaimEventResponse),
  })
  .meta({ id: 'ClaimResponse' });
export type ClaimResponse = z.infer<typeof ClaimResponse>;

/**
 * `POST benefit-claims/{id}` ({id}: the benefit): starts the claim's draft, or updates it with the
 * steps the member completed. Each field is optional; `true` marks a step done, `false` undoes it.
 */
export const ClaimDraftRequest = z
  .object({
    personalDetailsConfirmed: z.boolean().optional(),
    bankAccountId: z.number().int().positive().nullable().optional(),
    feesAccepted: z.boolean().optional(),
    declarationAccepted: z.boolean().optional(),
  })
  .meta({ id: 'ClaimDraftRequest' });
export type ClaimDraftRequest = z.infer<typeof ClaimDraftRequest>;

/**
 * `POST benefit-claims/{id}/claim`: submits the draft. `netAmountCents` is the payout the member
 * reviewed: if the fees changed since, the server refuses (409) rather than pay a different amount.
 * Send an `Idempotency-Key` header to make retries safe.
 */
export const ClaimSubmitRequest = z
  .object({
    declarationAccepted: z.literal(true, { error: CLAIM_MESSAGES.mustAccept }),
    netAmountCents: z.number().int().nonnegative(),
  })
  .meta({ id: 'ClaimSubmitRequest' });
export type ClaimSubmitRequest = z.infer<typeof ClaimSubmitRequest>;

/** The form field of a document upload (multipart): which document this is. */
export const ClaimDocumentKindField = z.enum(CLAIM_DOCUMENT_KINDS, { error: CLAIM_MESSAGES.documentKind });
