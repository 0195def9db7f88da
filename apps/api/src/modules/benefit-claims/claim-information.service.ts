import {
  CLAIM_DOCUMENT_LABELS,
  CLAIM_MESSAGES,
  type ClaimDocumentKind,
  type ClaimDocumentReviewRequest,
  canMoveClaim,
  INFORMATION_REQUEST_MESSAGES,
  type InformationAnswerRequest,
  type InformationRequestRequest,
  type InformationRequestResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { claimFundId } from '../../queries/claim-announcement-facts.js';
import { announceWebhookEvent } from '../webhooks/index.js';
import { type ClaimRow, findClaimById } from './benefit-claims.repository.js';
import { findActiveDocument } from './claim-documents.repository.js';
import {
  answerOpenRequest,
  findOpenRequest,
  insertInformationRequest,
  listRequestsOfClaim,
  type RequestAnswer,
  type RequestRow,
  rejectDocument,
  replaceDocumentReturningId,
  setDocumentReview,
} from './claim-information.repository.js';
import { type ClaimActor, type ClaimDependencies, moveClaim } from './claim-moves.service.js';

/** The document a member uploaded, stored and checked, ready to be recorded on the claim. */
export interface StoredClaimDocument {
  kind: ClaimDocumentKind;
  originalName: string;
  storedName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

function toInformationRequestResponse(row: RequestRow): InformationRequestResponse {
  return {
    id: row.id,
    kind: row.kind,
    documentKind: row.documentKind,
    message: row.message,
    requestedBy: row.requestedByType === 'partner' ? 'fund' : 'staff',
    answerText: row.answerText,
    answerDocumentId: row.answerDocumentId,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every request for more information on a claim, newest first (the staff claim page). */
export async function listInformationRequests(db: Database, claimId: number): Promise<InformationRequestResponse[]> {
  const rows = await listRequestsOfClaim(db, claimId);
  return rows.map(toInformationRequestResponse);
}

/** What is asked of the member now (null when nothing is): the member's claim page. */
export async function openInformationRequest(
  db: Database,
  claim: Pick<ClaimRow, 'id' | 'status'>,
): Promise<InformationRequestResponse | null> {
  if (claim.status !== 'information_requested') return null;
  const row = await findOpenRequest(db, claim.id);
  return row ? toInformationRequestResponse(row) : null;
}

async function loadClaim(db: Database, claimId: number): Promise<ClaimRow> {
  const claim = await findClaimById(db, claimId);
  if (!claim) throw new AppError('not_found', 'Claim not found.', undefined, { code: 'claim_not_found' });
  return claim;
}

/**
 * Staff (`POST /api/v1/benefits/claim/{id}/information`) or the fund's partner
 * (`POST /api/v2/benefitclaim/requestinformation`) ask the member for a document or a correction
 * (issue 21 item 1): the claim moves submitted | in_review -> information_requested, the request is
 * stored, an optional document of the claim is rejected with the reason and what to do, the member
 * is told (activity, push, email or SMS: `moveClaim` announces `claim.information_requested`) and
 * the request is audited (`claims.information_requested`), all in one transaction.
 * @throws AppError 404 (no claim), 409 (the claim is not submitted or in review, e.g. a request is
 *   already open), 422 `rejectDocument.documentId` (not a document of this claim)
 */
export async function requestClaimInformation(
  deps: ClaimDependencies,
  claimId: number,
  input: InformationRequestRequest,
  actor: ClaimActor & { type: 'user' | 'partner' },
  context: AuditContext,
): Promise<void> {
  const claim = await loadClaim(deps.db, claimId);
  if (!canMoveClaim(claim.status, 'information_requested')) {
    throw new AppError('conflict', INFORMATION_REQUEST_MESSAGES.notRequestable, undefined, {
      code: 'information_not_requestable',
    });
  }
  const rejected = input.rejectDocument;
  if (rejected) {
    const document = await findActiveDocument(deps.db, claimId, rejected.documentId);
    if (!document) {
      throw new AppError('validation', VALIDATION_FAILED_MESSAGE, {
        'rejectDocument.documentId': [CLAIM_MESSAGES.documentNotFound],
      });
    }
  }
  const documentKind = input.kind === 'document' ? (input.documentKind ?? null) : null;
  await moveClaim(deps, {
    claimId,
    from: claim.status,
    to: 'information_requested',
    actor,
    note: input.message,
    alsoIn: async (tx) => {
      const requestId = await insertInformationRequest(tx, {
        claimId,
        kind: input.kind,
        documentKind,
        message: input.message,
        requestedByType: actor.type,
        requestedById: actor.id,
      });
      if (rejected) await rejectDocument(tx, rejected.documentId, rejected);
      await recordAudit(tx, {
        ...context,
        action: 'claims.information_requested',
        entityType: 'claims',
        entityId: claimId,
        before: { status: claim.status },
        after: {
          status: 'information_requested',
          requestId,
          kind: input.kind,
          documentKind,
          ...(rejected ? { rejectedDocumentId: rejected.documentId } : {}),
        },
      });
    },
  });
}

/**
 * Staff accept a claim document, or reject it with the reason and what the member should do
 * (`POST /api/v1/benefits/claim/{id}/documents/{documentId}/review`, issue 21 item 1). The member
 * sees the state on the claim page. Audited (`claims.document_accepted` | `claims.document_rejected`).
 * A rejection alone does not move the claim: staff ask for a new document with a request.
 * @throws AppError 404 (no claim, or the document is not on it), 409 (the claim is a draft)
 */
export async function reviewClaimDocument(
  db: Database,
  claimId: number,
  documentId: number,
  input: ClaimDocumentReviewRequest,
  context: AuditContext,
): Promise<void> {
  const claim = await loadClaim(db, claimId);
  if (claim.status === 'draft')
    throw new AppError('conflict', INFORMATION_REQUEST_MESSAGES.documentsLocked, undefined, {
      code: 'documents_locked',
    });
  const rejected = input.state === 'rejected';
  await db.transaction(async (tx) => {
    const document = await setDocumentReview(tx as unknown as Database, claimId, documentId, {
      state: input.state,
      rejectionReason: rejected ? (input.reason ?? null) : null,
      whatToDo: rejected ? (input.whatToDo ?? null) : null,
    });
    if (!document)
      throw new AppError('not_found', CLAIM_MESSAGES.documentNotFound, undefined, { code: 'document_not_found' });
    await recordAudit(tx as unknown as Database, {
      ...context,
      action: `claims.document_${input.state}`,
      entityType: 'claims',
      entityId: claimId,
      after: { documentId, kind: document.kind, state: input.state, ...(rejected ? { reason: input.reason } : {}) },
    });
  });
}

/**
 * The member's answer takes the claim back to review (information_requested -> in_review) in one
 * transaction with the request's answer: `answer` closes the open request (only if still open), the
 * member is told (by `moveClaim`), and the partners of the claim's fund that subscribed hear
 * `claim.information_answered` (signed webhook, issue 26 item 3).
 * @throws AppError 409 when the request was answered or the claim moved on meanwhile
 */
async function answerRequest(
  deps: ClaimDependencies,
  claim: ClaimRow,
  request: RequestRow,
  personUserId: number,
  note: string,
  answer: (tx: Database) => Promise<RequestAnswer>,
): Promise<void> {
  await moveClaim(deps, {
    claimId: claim.id,
    from: 'information_requested',
    to: 'in_review',
    actor: { type: 'person_user', id: personUserId },
    note,
    alsoIn: async (tx) => {
      const values = await answer(tx);
      const answered = await answerOpenRequest(tx, request.id, values);
      if (!answered)
        throw new AppError('conflict', 'This claim has moved on since.', undefined, { code: 'claim_changed' });
      const fundId = await claimFundId(tx, claim.id);
      if (fundId !== undefined) {
        await announceWebhookEvent(tx, deps.jobs, 'claim.information_answered', {
          claimId: claim.id,
          fundId,
        });
      }
    },
  });
}

/**
 * What an upload to a claim in `information_requested` must be: the document its open request asks
 * for. Called before the file is stored.
 * @returns the open request
 * @throws AppError 409 when nothing is asked; 422 `kind` when a correction or another document is asked
 */
export async function requestAnsweredByUpload(
  db: Database,
  claim: ClaimRow,
  kind: ClaimDocumentKind,
): Promise<RequestRow> {
  const request = await findOpenRequest(db, claim.id);
  if (!request)
    throw new AppError('conflict', INFORMATION_REQUEST_MESSAGES.noOpenRequest, undefined, {
      code: 'no_open_information_request',
    });
  if (request.kind !== 'document' || request.documentKind !== kind) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { kind: [INFORMATION_REQUEST_MESSAGES.uploadAsked] });
  }
  return request;
}

/**
 * Records the document the member uploaded in answer to `request` (replacing the earlier one of its
 * kind, whose file name is returned for removal) and takes the claim back to review.
 * @returns the stored names of the replaced documents (their files are removed by the caller)
 * @throws AppError 409 when the request was answered or the claim moved on meanwhile
 */
export async function answerWithDocument(
  deps: ClaimDependencies,
  claim: ClaimRow,
  request: RequestRow,
  personUserId: number,
  document: StoredClaimDocument,
): Promise<string[]> {
  const replaced: string[] = [];
  await answerRequest(
    deps,
    claim,
    request,
    personUserId,
    `Uploaded: ${CLAIM_DOCUMENT_LABELS[document.kind]}`,
    async (tx) => {
      const stored = await replaceDocumentReturningId(tx, claim.id, document);
      replaced.push(...stored.replaced);
      return { answerDocumentId: stored.id };
    },
  );
  return replaced;
}

/**
 * `POST benefit-claims/{id}/information` ({id}: the benefit): the member's written answer to a
 * request for a correction (issue 21 item 1); the claim goes back to review. A request for a
 * document is answered by uploading it (`POST benefit-claims/{id}/documents?kind=`).
 * @throws AppError 404 (no claim), 409 (nothing is asked), 422 `answer` (a document is asked)
 */
export async function answerInformationRequest(
  deps: ClaimDependencies,
  personUserId: number,
  claim: ClaimRow,
  input: InformationAnswerRequest,
): Promise<void> {
  const request = claim.status === 'information_requested' ? await findOpenRequest(deps.db, claim.id) : undefined;
  if (!request)
    throw new AppError('conflict', INFORMATION_REQUEST_MESSAGES.noOpenRequest, undefined, {
      code: 'no_open_information_request',
    });
  if (request.kind === 'document') {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { answer: [INFORMATION_REQUEST_MESSAGES.uploadAsked] });
  }
  await answerRequest(deps, claim, request, personUserId, input.answer, async () => ({ answerText: input.answer }));
}
