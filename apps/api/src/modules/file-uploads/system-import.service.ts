import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import {
  FILE_UPLOAD_MAX_BYTES,
  FILE_UPLOAD_TARGET_FIELDS,
  type FileUploadResponse,
  type FileUploadType,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { acceptUpload } from './accept-upload.job.js';
import { insertUpload, markValidatedAccepting } from './file-uploads.repository.js';
import { FILE_UPLOADS_FOLDER, getFileUpload } from './file-uploads.service.js';
import { validateUpload } from './validate-upload.job.js';

/** The note on files the system loads itself (no second person to accept them). */
export const SYSTEM_IMPORT_NOTE = 'Loaded by the system (demo data), without maker-checker.';

/**
 * Loads a file the system itself brings (the demo seed, issue 16 rule 9) through the same pipeline
 * as an upload: the file to the private file store with its SHA-256, the rows checked into staging
 * (`validateUpload`), then the valid rows loaded (`acceptUpload`), in this process and without
 * the job queue. No uploader and no second person: the upload records `SYSTEM_IMPORT_NOTE`.
 * Nobody is told of new money (demo data).
 * @param mapping target field -> column; default: each field's key as its column
 * @returns the upload, `accepted` (or `failed`), with its counts and first findings
 */
export async function importFileAsSystem(
  deps: { db: Database; files: FileStore },
  input: { fundId: number; type: FileUploadType; path: string; mapping?: Record<string, string> },
): Promise<FileUploadResponse> {
  const { db } = deps;
  const stored = await deps.files.put(FILE_UPLOADS_FOLDER, createReadStream(input.path), FILE_UPLOAD_MAX_BYTES);
  const mapping =
    input.mapping ?? Object.fromEntries(FILE_UPLOAD_TARGET_FIELDS[input.type].map((field) => [field.key, field.key]));
  const uploadId = await insertUpload(db, {
    fundId: input.fundId,
    kind: input.type,
    status: 'validating',
    fileName: basename(input.path),
    mapping,
    storedName: stored.storedName,
    fileSize: stored.sizeBytes,
    sha256: stored.sha256,
  });
  await validateUpload(deps, uploadId);
  const validated = await markValidatedAccepting(db, uploadId, SYSTEM_IMPORT_NOTE);
  if (validated) {
    await acceptUpload(
      { db, announce: { newMoney: async () => {}, claimPaid: async () => {}, committed: () => {} } },
      uploadId,
    );
  }
  return getFileUpload(db, uploadId);
}
