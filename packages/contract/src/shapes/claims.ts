import { z } from 'zod';
import {
  CLAIM_DOCUMENT_KINDS,
  CLAIM_DOCUMENT_STATES,
  CLAIM_STATUSES,
  CLAIM_STEP_KEYS,
  INFORMATION_REQUEST_KINDS,
} from '../claims.js';
import { CLAIM_MESSAGES, INFORMATION_REQUEST_MESSAGES } from '../messages/claims.js';
import { zBoundedString } from '../rules/zod-rules.js';
import { PersonBankResponse } from './bank-accounts.js';
import { PayoutResponse } from './benefits.js';
import { IdParams } from './lists.js';

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

/**
 * A document uploaded for a claim (never a path or URL to the file), with its own state (issue 21
 * item 1): received, accepted, or rejected with the reason and what to do.
 */
export const ClaimDocumentResponse = z
  .object({
    id: z.number().int(),
    kind: z.enum(CLAIM_DOCUMENT_KINDS),
    originalName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    state: z.enum(CLAIM_DOCUMENT_STATES),
    /** Why the reviewer rejected it (shown to the member); null unless rejected. */
    rejectionReason: z.string().nullable(),
    /** What the member should do about it; null unless rejected. */
    whatToDo: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ClaimDocumentResponse' });
export type ClaimDocumentResponse = z.infer<typeof ClaimDocumentResponse>;

/**
 * A request for more information on a claim (issue 21 item 1): what is asked (a document of a kind,
 * or a correction), the message, who asked (staff or the fund), and the member's answer once given.
 */
export const InformationRequestResponse = z
  .object({
    id: z.number().int(),
    kind: z.enum(INFORMATION_REQUEST_KINDS),
    /** The document asked for (kind `document`); null for a correction. */
    documentKind: z.enum(CLAIM_DOCUMENT_KINDS).nullable(),
    message: z.string(),
    requestedBy: z.enum(['staff', 'fund']),
    /** The member's written answer (a correction); null otherwise or until answered. */
    answerText: z.string().nullable(),
    /** The document the member uploaded in answer (kind `document`); null until answered. */
    answerDocumentId: z.number().int().nullable(),
    answeredAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'InformationRequestResponse' });
export type InformationRequestResponse = z.infer<typeof InformationRequestResponse>;

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
    /** What is asked of the member now (status `information_requested`); null when nothing is. */
    informationRequest: InformationRequestResponse.nullable(),
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

/** `?kind=` of a document upload (`POST /api/app/benefit-claims/{id}/documents`). */
export const ClaimDocumentQuery = z.object({ kind: ClaimDocumentKindField });

/** `{id}/documents/{documentId}`: a claim's id and one of its documents' ids. */
export const ClaimDocumentParams = IdParams.extend({ documentId: z.coerce.number().int().min(1) });

/** The submit call's headers: an optional `Idempotency-Key` that makes retries safe. */
export const ClaimSubmitHeaders = z.object({
  'idempotency-key': z.string().optional().describe('Makes retries safe: a replay within 24 h gets the first answer'),
});

const REQUEST_MESSAGE_MAX_LENGTH = 1000;
const DOCUMENT_NOTE_MAX_LENGTH = 500;

/** The fields of a request for more information, shared by the staff and partner calls. */
const informationRequestFields = {
  kind: z.enum(INFORMATION_REQUEST_KINDS),
  /** Required when `kind` is `document`. */
  documentKind: z.enum(CLAIM_DOCUMENT_KINDS, { error: CLAIM_MESSAGES.documentKind }).optional(),
  /** What the member reads: what is needed and why. */
  message: zBoundedString(REQUEST_MESSAGE_MAX_LENGTH).trim().min(1, INFORMATION_REQUEST_MESSAGES.messageRequired),
  /** Optionally, a document of the claim rejected with the request: the reason and what to do. */
  rejectDocument: z
    .object({
      documentId: z.number().int().positive(),
      reason: zBoundedString(DOCUMENT_NOTE_MAX_LENGTH).trim().min(1, INFORMATION_REQUEST_MESSAGES.reasonRequired),
      whatToDo: zBoundedString(DOCUMENT_NOTE_MAX_LENGTH).trim().min(1, INFORMATION_REQUEST_MESSAGES.whatToDoRequired),
    })
    .optional(),
};

function requireDocumentKind(value: { kind: string; documentKind?: string }, ctx: z.RefinementCtx) {
  if (value.kind === 'document' && !value.documentKind) {
    ctx.addIssue({
      code: 'custom',
      path: ['documentKind'],
      message: INFORMATION_REQUEST_MESSAGES.documentKindRequired,
    });
  }
}

/**
 * Staff `POST /api/v1/benefits/claim/{id}/information` (issue 21 item 1): ask the member for a
 * document or a correction, with a message; optionally reject one of the claim's documents.
 */
export const InformationRequestRequest = z
  .object(informationRequestFields)
  .superRefine(requireDocumentKind)
  .meta({
    id: 'InformationRequestRequest',
    examples: [
      {
        kind: 'document',
        documentKind: 'PROOF_OF_BANK_ACCOUNT',
        message: 'Your bank statement is older than three months. Please upload one from the last three months.',
        rejectDocument: {
          documentId: 12,
          reason: 'The statement is from January.',
          whatToDo: 'Upload a statement dated in the last three months.',
        },
      },
    ],
  });
export type InformationRequestRequest = z.infer<typeof InformationRequestRequest>;

/** Partner `POST /api/v2/benefitclaim/requestinformation`: the same, for one of the partner's claims. */
export const PartnerInformationRequestRequest = z
  .strictObject({ claimId: z.number().int().positive(), ...informationRequestFields })
  .superRefine(requireDocumentKind)
  .meta({ id: 'PartnerInformationRequestRequest' });
export type PartnerInformationRequestRequest = z.infer<typeof PartnerInformationRequestRequest>;

/**
 * Staff `POST /api/v1/benefits/claim/{id}/documents/{documentId}/review`: accept a document, or
 * reject it with the reason and what the member should do.
 */
export const ClaimDocumentReviewRequest = z
  .object({
    state: z.enum(['accepted', 'rejected']),
    reason: zBoundedString(DOCUMENT_NOTE_MAX_LENGTH).trim().optional(),
    whatToDo: zBoundedString(DOCUMENT_NOTE_MAX_LENGTH).trim().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.state !== 'rejected') return;
    if (!value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: INFORMATION_REQUEST_MESSAGES.reasonRequired });
    if (!value.whatToDo) {
      ctx.addIssue({ code: 'custom', path: ['whatToDo'], message: INFORMATION_REQUEST_MESSAGES.whatToDoRequired });
    }
  })
  .meta({ id: 'ClaimDocumentReviewRequest' });
export type ClaimDocumentReviewRequest = z.infer<typeof ClaimDocumentReviewRequest>;

/** Member `POST benefit-claims/{id}/information`: the written answer to a request for a correction. */
export const InformationAnswerRequest = z
  .object({ answer: zBoundedString(2000).trim().min(1, INFORMATION_REQUEST_MESSAGES.answerRequired) })
  .meta({ id: 'InformationAnswerRequest' });
export type InformationAnswerRequest = z.infer<typeof InformationAnswerRequest>;
