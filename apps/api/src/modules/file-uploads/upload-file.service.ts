import type { Readable } from 'node:stream';
import { FILE_UPLOAD_MAX_BYTES, FILE_UPLOAD_MESSAGES, type FileUploadResponse } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { isUniqueViolation } from '../../platform/errors/error-handler.js';
import {
  type FileStore,
  FileTooLargeError,
  fileOpener,
  type OpenFile,
  type StoredFile,
} from '../../platform/files/file-store.js';
import { formatOfFileName, looksLikeZip, readHeaderAndSample, type UploadFileFormat } from './file-reader.js';
import { attachStoredFile, findSameFileUpload } from './file-uploads.repository.js';
import { assertMappingUsable, FILE_UPLOADS_FOLDER, findFileUploadRow, getFileUpload } from './file-uploads.service.js';

export interface FileUploadDependencies {
  db: Database;
  files: FileStore;
  /** Enqueues the validation job of an upload (`VALIDATE_UPLOAD_QUEUE`). */
  startValidation: (fileUploadId: number) => Promise<unknown>;
}

/**
 * The header and first rows of an upload's stored file (for the mapping screen).
 * @throws AppError 413/422 as `readRowBatches` (a file over a reading budget)
 */
export async function readUploadSample(
  files: FileStore,
  upload: { storedName: string | null; fileName: string | null; fileSize?: number | null },
  sampleSize: number,
): Promise<{ header: string[]; sampleRows: string[][] }> {
  const format = formatOfFileName(upload.fileName ?? '');
  if (!upload.storedName || !format) return { header: [], sampleRows: [] };
  const file = fileOpener(files, FILE_UPLOADS_FOLDER, upload.storedName);
  return readHeaderAndSample(file, format, sampleSize, upload.fileSize);
}

async function storeUpload(files: FileStore, content: Readable): Promise<StoredFile> {
  try {
    return await files.put(FILE_UPLOADS_FOLDER, content, FILE_UPLOAD_MAX_BYTES);
  } catch (error) {
    content.resume();
    const tooLarge =
      error instanceof FileTooLargeError || (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
    if (tooLarge)
      throw new AppError('too_large', FILE_UPLOAD_MESSAGES.fileTooLarge(FILE_UPLOAD_MAX_BYTES / 1024 / 1024));
    throw error;
  }
}

/**
 * The header of a stored file, or a 422 when it cannot be read or has no rows; a 413 or 422 with
 * the budget's own message when reading it (the header, its first row, an XLSX's zip directory and
 * stated part sizes) meets a reading budget (issue 34: refused here, at once, when that is cheap).
 */
async function headerOf(file: OpenFile, format: UploadFileFormat, sizeBytes: number): Promise<string[]> {
  // An empty file is not read at all (S3 answers a range of it with 416).
  if (format === 'xlsx' && (sizeBytes === 0 || !(await looksLikeZip(file)))) {
    throw new AppError('unsupported_media_type', FILE_UPLOAD_MESSAGES.fileUnreadable);
  }
  let sample: { header: string[]; sampleRows: string[][] } = { header: [], sampleRows: [] };
  try {
    if (sizeBytes > 0) sample = await readHeaderAndSample(file, format, 1, sizeBytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('validation', FILE_UPLOAD_MESSAGES.fileUnreadable, {
      file: [FILE_UPLOAD_MESSAGES.fileUnreadable],
    });
  }
  if (sample.header.length === 0 || sample.sampleRows.length === 0) {
    throw new AppError('validation', FILE_UPLOAD_MESSAGES.fileEmpty, { file: [FILE_UPLOAD_MESSAGES.fileEmpty] });
  }
  return sample.header;
}

/**
 * Takes an upload's file (spec 7 `POST file-uploads/upload`), streamed to the private file store
 * with its size and SHA-256; CSV or XLSX by name (415 otherwise, or for an XLSX that is not one),
 * at most 200 MB (413). The same file (SHA-256) for the same fund again is a 409 naming the earlier
 * upload (a unique index on fund and SHA-256 decides between two concurrent uploads). The header must be readable and, when a mapping was chosen, have its columns (422).
 * The header and first row are read under the reading budgets (`FILE_BUDGETS`: 413 or 422 with
 * the budget's message); the rest of the file is checked by the validation job.
 * On any refusal the stored file is removed. Audited (`file-uploads.uploaded`). With a mapping
 * chosen the upload moves to `validating` and its validation job is enqueued.
 * @throws AppError 404, 409, 413, 415, 422 as above
 */
export async function uploadFile(
  deps: FileUploadDependencies,
  id: number,
  file: { fileName: string; content: Readable },
  context: AuditContext,
): Promise<FileUploadResponse> {
  const upload = await findFileUploadRow(deps.db, id).catch((error: unknown) => {
    file.content.resume();
    throw error;
  });
  const format = formatOfFileName(file.fileName);
  if (upload.status !== 'awaiting_file' || !format) {
    file.content.resume();
    if (!format) throw new AppError('unsupported_media_type', FILE_UPLOAD_MESSAGES.fileKind);
    throw new AppError('conflict', FILE_UPLOAD_MESSAGES.alreadyHasFile);
  }
  const stored = await storeUpload(deps.files, file.content);
  const refuseIfUploadedBefore = async () => {
    const earlier = await findSameFileUpload(deps.db, upload.fundId, stored.sha256, id);
    if (earlier) throw new AppError('conflict', FILE_UPLOAD_MESSAGES.duplicateFile(earlier.id, earlier.fileName ?? ''));
  };
  try {
    await refuseIfUploadedBefore();
    const header = await headerOf(
      fileOpener(deps.files, FILE_UPLOADS_FOLDER, stored.storedName),
      format,
      stored.sizeBytes,
    );
    if (upload.mapping) assertMappingUsable(upload.kind, upload.mapping, header);
    await deps.db
      .transaction(async (tx) => {
        const updated = await attachStoredFile(tx as unknown as Database, id, {
          status: upload.mapping ? 'validating' : 'uploaded',
          fileName: file.fileName,
          storedName: stored.storedName,
          fileSize: stored.sizeBytes,
          sha256: stored.sha256,
        });
        if (!updated) throw new AppError('conflict', FILE_UPLOAD_MESSAGES.alreadyHasFile);
        await recordAudit(tx as unknown as Database, {
          ...context,
          action: 'file-uploads.uploaded',
          entityType: 'file-uploads',
          entityId: id,
          after: { fileName: file.fileName, fileSize: stored.sizeBytes, sha256: stored.sha256 },
        });
      })
      .catch(async (error: unknown) => {
        // The same file for the same fund stored by a concurrent upload meanwhile (unique index).
        if (isUniqueViolation(error)) await refuseIfUploadedBefore();
        throw error;
      });
  } catch (error) {
    await deps.files.remove(FILE_UPLOADS_FOLDER, stored.storedName);
    throw error;
  }
  if (upload.mapping) await deps.startValidation(id);
  return getFileUpload(deps.db, id);
}
