import {
  type AcceptFileUploadRequest,
  FILE_UPLOAD_MESSAGES,
  type FileUploadResponse,
  type RejectFileUploadRequest,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { decideValidatedUpload } from './file-uploads.repository.js';
import { findFileUploadRow, getFileUpload } from './file-uploads.service.js';

type Decider = AuditContext & { userId: number };

async function decide(
  db: Database,
  id: number,
  change: { status: 'accepting' | 'rejected'; note: string | null; action: string },
  context: Decider,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const updated = await decideValidatedUpload(tx, id, {
      status: change.status,
      decidedByUserId: context.userId,
      note: change.note,
    });
    if (!updated) throw new AppError('conflict', FILE_UPLOAD_MESSAGES.notReady('no longer validated'));
    await recordAudit(tx, {
      ...context,
      action: change.action,
      entityType: 'file-uploads',
      entityId: id,
      before: { status: 'validated' },
      after: { status: change.status, note: change.note },
    });
  });
}

/**
 * Accepts a validated upload (spec 7 `PATCH file-uploads/{id}/accept`, issue 16 rule 6): never by
 * the person who uploaded it (403, maker-checker); with refused rows only with a note ("accept the
 * valid rows", 422). The upload moves to `accepting` and `startLoad` enqueues the load job.
 * Audited (`file-uploads.accepted`).
 * @throws AppError 404; 409 when not validated; 403; 422
 */
export async function acceptFileUpload(
  deps: { db: Database; startLoad: (id: number) => Promise<unknown> },
  id: number,
  body: AcceptFileUploadRequest,
  context: Decider,
): Promise<FileUploadResponse> {
  const upload = await findFileUploadRow(deps.db, id);
  if (upload.status !== 'validated') throw new AppError('conflict', FILE_UPLOAD_MESSAGES.notReady(upload.status));
  if (upload.uploadedByUserId === context.userId) throw new AppError('forbidden', FILE_UPLOAD_MESSAGES.ownUpload);
  const note = body.note ? body.note : null;
  if (upload.errorCount > 0 && !note) {
    throw new AppError('validation', FILE_UPLOAD_MESSAGES.noteRequired, { note: [FILE_UPLOAD_MESSAGES.noteRequired] });
  }
  await decide(deps.db, id, { status: 'accepting', note, action: 'file-uploads.accepted' }, context);
  await deps.startLoad(id);
  return getFileUpload(deps.db, id);
}

/**
 * Rejects a validated upload with a reason (spec 7 `PATCH file-uploads/{id}/reject`): nothing is
 * loaded, the file and its staging rows stay for the audit trail. Audited (`file-uploads.rejected`).
 * @throws AppError 404; 409 when not validated
 */
export async function rejectFileUpload(
  db: Database,
  id: number,
  body: RejectFileUploadRequest,
  context: Decider,
): Promise<FileUploadResponse> {
  const upload = await findFileUploadRow(db, id);
  if (upload.status !== 'validated') throw new AppError('conflict', FILE_UPLOAD_MESSAGES.notReady(upload.status));
  await decide(db, id, { status: 'rejected', note: body.reason, action: 'file-uploads.rejected' }, context);
  return getFileUpload(db, id);
}
