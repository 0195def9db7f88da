import type { Readable } from 'node:stream';
import { CLAIM_DOCUMENT_LIMITS, CLAIM_MESSAGES, type ClaimDocumentKind, type ClaimResponse } from '@bcp/contract';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type FileStore, FileTooLargeError, readAll, type StoredFile } from '../../platform/files/file-store.js';
import type { StoredDownload } from '../../platform/files/file-stores.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { findMemberBenefit } from '../benefits/index.js';
import { requireIdentityVerified } from '../person-users/index.js';
import { findOpenClaim, getBenefitClaim } from './benefit-claims.service.js';
import { findActiveDocument, removeDocumentOfClaim, replaceClaimDocument } from './claim-documents.repository.js';
import { answerWithDocument, requestAnsweredByUpload } from './claim-information.service.js';

/** The file store's folder of claim documents (never served from a public path). */
export const CLAIM_DOCUMENTS_FOLDER = 'claim-documents';

/**
 * Bytes of a document's start its type and an image's dimensions are read from (as image-size's
 * own file reader; file-type needs far fewer): one ranged read, from the local folder or S3.
 */
const HEAD_BYTES = 512 * 1024;

export interface ClaimDocumentDependencies {
  db: Database;
  files: FileStore;
}

/** An upload may answer a request for more information, which moves the claim: the job queue too. */
export interface ClaimUploadDependencies extends ClaimDocumentDependencies {
  jobs: JobQueue;
}

export interface UploadedFile {
  /** The name the member's file had; kept only to show back to them. */
  fileName: string;
  content: Readable;
}

function isTooLarge(error: unknown): boolean {
  return error instanceof FileTooLargeError || (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** A side as read from an image header: a whole number of pixels, from 1 (0 is no size) to the limit. */
function isAcceptableSide(pixels: number | undefined): boolean {
  return (
    pixels !== undefined && Number.isInteger(pixels) && pixels >= 1 && pixels <= CLAIM_DOCUMENT_LIMITS.maxImageSide
  );
}

/**
 * Whether an image's header declares at most `CLAIM_DOCUMENT_LIMITS.maxImageSide` pixels a side
 * (issue 13 item 12): a small file can declare 100,000 x 100,000 pixels and exhaust the memory of
 * whatever decodes it (a staff browser, a thumbnailer). Unreadable dimensions fail too: a header
 * cut short, or one declaring 0 pixels a side.
 */
function hasAcceptableDimensions(head: Uint8Array): boolean {
  try {
    const { width, height } = imageSize(head);
    return isAcceptableSide(width) && isAcceptableSide(height);
  } catch {
    return false;
  }
}

/** The first `HEAD_BYTES` of a stored document (all of a smaller one). */
async function headOf(files: FileStore, storedName: string): Promise<Buffer> {
  return readAll(await files.open(CLAIM_DOCUMENTS_FOLDER, storedName, { start: 0, end: HEAD_BYTES - 1 }), HEAD_BYTES);
}

/** The member's draft claim for a benefit, after the identity (403) and ownership (404) checks. */
async function draftClaimOf(db: Database, personUserId: number, benefitId: number) {
  await requireIdentityVerified(db, personUserId);
  const benefit = await findMemberBenefit(db, personUserId, benefitId);
  const claim = await findOpenClaim(db, benefit.id);
  if (!claim) throw new AppError('not_found', CLAIM_MESSAGES.claimNotFound, undefined, { code: 'claim_not_found' });
  if (claim.status !== 'draft')
    throw new AppError('conflict', CLAIM_MESSAGES.notEditable, undefined, { code: 'claim_not_editable' });
  return claim;
}

/**
 * The member's claim an upload goes to, after the identity (403) and ownership (404) checks: a
 * draft, or a claim whose open request for more information asks for this kind of document
 * (issue 21 item 1; 422 `kind` for another kind, 409 for any other status).
 */
async function uploadTargetOf(db: Database, personUserId: number, benefitId: number, kind: ClaimDocumentKind) {
  await requireIdentityVerified(db, personUserId);
  const benefit = await findMemberBenefit(db, personUserId, benefitId);
  const claim = await findOpenClaim(db, benefit.id);
  if (!claim) throw new AppError('not_found', CLAIM_MESSAGES.claimNotFound, undefined, { code: 'claim_not_found' });
  if (claim.status === 'draft') return { claim, request: null };
  if (claim.status === 'information_requested') {
    return { claim, request: await requestAnsweredByUpload(db, claim, kind) };
  }
  throw new AppError('conflict', CLAIM_MESSAGES.notEditable, undefined, { code: 'claim_not_editable' });
}

/**
 * Stores a document for the member's draft claim (`POST benefit-claims/{id}/documents?kind=`):
 * PDF, JPEG or PNG as its magic bytes say (the name and the declared type are not trusted), at most
 * 10 MB, under a generated name. A new document of a kind replaces the earlier one. On a claim in
 * `information_requested` whose request asks for this document, the upload is the answer: the
 * claim goes back to review (issue 21 item 1; `answerWithDocument`).
 * @returns the claim with its documents
 * @throws AppError 413 `too_large` past 10 MB; 415 `unsupported_media_type` for other content, or
 *   an image over 12,000 pixels a side (or whose size cannot be read); 422 `kind` when another
 *   document is asked; 403/404/409 as for the claim
 */
export async function addClaimDocument(
  deps: ClaimUploadDependencies,
  personUserId: number,
  benefitId: number,
  kind: ClaimDocumentKind,
  file: UploadedFile,
): Promise<ClaimResponse> {
  let target: Awaited<ReturnType<typeof uploadTargetOf>>;
  try {
    target = await uploadTargetOf(deps.db, personUserId, benefitId, kind);
  } catch (error) {
    file.content.resume();
    throw error;
  }
  const { claim, request } = target;
  let stored: StoredFile;
  try {
    stored = await deps.files.put(CLAIM_DOCUMENTS_FOLDER, file.content, CLAIM_DOCUMENT_LIMITS.maxBytes);
  } catch (error) {
    file.content.resume();
    if (isTooLarge(error))
      throw new AppError('too_large', CLAIM_MESSAGES.documentTooLarge, undefined, { code: 'document_too_large' });
    throw error;
  }
  const head = stored.sizeBytes > 0 ? await headOf(deps.files, stored.storedName) : undefined;
  const detected = head ? await fileTypeFromBuffer(head) : undefined;
  const allowed: readonly string[] = CLAIM_DOCUMENT_LIMITS.contentTypes;
  if (!detected || !allowed.includes(detected.mime)) {
    await deps.files.remove(CLAIM_DOCUMENTS_FOLDER, stored.storedName);
    throw new AppError('unsupported_media_type', CLAIM_MESSAGES.documentType, undefined, {
      code: 'document_type_unsupported',
    });
  }
  if (detected.mime.startsWith('image/') && !hasAcceptableDimensions(head as Buffer)) {
    await deps.files.remove(CLAIM_DOCUMENTS_FOLDER, stored.storedName);
    throw new AppError('unsupported_media_type', CLAIM_MESSAGES.documentDimensions, undefined, {
      code: 'document_dimensions_too_large',
    });
  }
  const document = {
    kind,
    originalName: file.fileName.slice(0, 200) || 'document',
    storedName: stored.storedName,
    contentType: detected.mime,
    sizeBytes: stored.sizeBytes,
    sha256: stored.sha256,
  };
  if (request) {
    let answeredReplaced: string[];
    try {
      answeredReplaced = await answerWithDocument(deps, claim, request, personUserId, document);
    } catch (error) {
      await deps.files.remove(CLAIM_DOCUMENTS_FOLDER, stored.storedName);
      throw error;
    }
    for (const old of answeredReplaced) await deps.files.remove(CLAIM_DOCUMENTS_FOLDER, old);
    return getBenefitClaim(deps.db, personUserId, benefitId);
  }
  const replaced = await replaceClaimDocument(deps.db, claim.id, kind, document);
  for (const old of replaced) await deps.files.remove(CLAIM_DOCUMENTS_FOLDER, old);
  return getBenefitClaim(deps.db, personUserId, benefitId);
}

/**
 * Removes a document from the member's draft claim (`DELETE benefit-claims/{id}/documents/{documentId}`).
 * @throws AppError 404 when the document is not on this claim; 403/404/409 as for the claim
 */
export async function removeClaimDocument(
  deps: ClaimDocumentDependencies,
  personUserId: number,
  benefitId: number,
  documentId: number,
): Promise<ClaimResponse> {
  const claim = await draftClaimOf(deps.db, personUserId, benefitId);
  const removed = await removeDocumentOfClaim(deps.db, claim.id, documentId);
  if (!removed)
    throw new AppError('not_found', CLAIM_MESSAGES.documentNotFound, undefined, { code: 'document_not_found' });
  await deps.files.remove(CLAIM_DOCUMENTS_FOLDER, removed);
  return getBenefitClaim(deps.db, personUserId, benefitId);
}

/**
 * A claim document's file for the staff reviewing the claim (issue 9: staff check the ID copy and
 * proof of account), and for the fund administrator through the partner API after its fund check
 * (`openPartnerClaimDocument`, issue 39 item 4): where it is stored, its type and the member's file
 * name, for `sendStoredFile`. Every read is audited (`claims.document_viewed`, the actor from
 * `context`): the file is personal information.
 * @throws AppError 404 when the document is not on this claim (or was removed)
 */
export async function openClaimDocumentForStaff(
  deps: ClaimDocumentDependencies,
  claimId: number,
  documentId: number,
  context: AuditContext,
): Promise<StoredDownload> {
  const document = await findActiveDocument(deps.db, claimId, documentId);
  if (!document)
    throw new AppError('not_found', CLAIM_MESSAGES.documentNotFound, undefined, { code: 'document_not_found' });
  await recordAudit(deps.db, {
    ...context,
    action: 'claims.document_viewed',
    entityType: 'claims',
    entityId: claimId,
    after: { documentId: document.id, kind: document.kind },
  });
  return {
    folder: CLAIM_DOCUMENTS_FOLDER,
    storedName: document.storedName,
    contentType: document.contentType,
    fileName: document.originalName,
    sizeBytes: document.sizeBytes,
  };
}
