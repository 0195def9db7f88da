import { Readable } from 'node:stream';
import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import { stringify } from 'csv-stringify';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { safeRow } from '../../platform/exports/safe-cell.js';
import { type FileStore, fileOpener, type OpenFile } from '../../platform/files/file-store.js';
import type { StoredDownload } from '../../platform/files/file-stores.js';
import { formatOfFileName, readRows, type UploadFileFormat } from './file-reader.js';
import { findRefusedRowsAfter } from './file-uploads.repository.js';
import { FILE_UPLOADS_FOLDER, findFileUploadRow } from './file-uploads.service.js';

const PAGE_ROWS = 1000;

/** A download: the stored file itself, or a made file (its name, type and content stream). */
export type UploadDownload = StoredDownload | { fileName: string; contentType: string; content: Readable };

/** The refused staging rows' lines and reasons, in line order, a page at a time. */
async function* refusedReasons(db: Database, id: number): AsyncGenerator<{ line: number; reason: string }> {
  let after = 0;
  for (;;) {
    const page = await findRefusedRowsAfter(db, id, after, PAGE_ROWS);
    for (const row of page) {
      const errors = (row.findings ?? []).filter((finding) => finding.level === 'error');
      yield { line: row.line, reason: errors.map((finding) => finding.message).join(' ') };
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE_ROWS) return;
    after = last.line;
  }
}

/**
 * The header with `line` and `reason` added, then each refused row with its cells as in the file
 * (each made inert by `safeCell`: the cells are the fund's, a formula among them must not run when
 * staff open the CSV): the stored file is read again (streamed) beside the refused lines, and
 * reading stops after the last.
 */
async function* refusedRows(db: Database, id: number, file: OpenFile, format: UploadFileFormat) {
  const reasons = refusedReasons(db, id);
  let next = await reasons.next();
  let line = 0;
  for await (const cells of readRows(file, format)) {
    line += 1;
    if (line === 1) yield safeRow([...cells, 'line', 'reason']);
    else if (next.done) break;
    else if (next.value.line === line) {
      yield safeRow([...cells, String(line), next.value.reason]);
      next = await reasons.next();
    }
  }
}

/**
 * An upload's file (spec 7 `GET file-uploads/{id}/download`): `original`, the file as uploaded;
 * `errors`, a CSV of its refused rows as in the file with `line` and `reason` columns. The
 * original is handed to `sendStoredFile` (streamed, or a signed S3 link; decision 031); the errors
 * are streamed (the errors read the file again beside the refused staging rows, a page at a time).
 * Each download is audited (`file-uploads.downloaded`, which file): the file holds members' personal data.
 * @throws AppError 404 for an unknown upload or one without its file
 */
export async function downloadUpload(
  deps: { db: Database; files: FileStore },
  id: number,
  file: 'original' | 'errors',
  context: AuditContext,
): Promise<UploadDownload> {
  const upload = await findFileUploadRow(deps.db, id);
  if (!upload.storedName || !upload.fileName) throw new AppError('not_found', FILE_UPLOAD_MESSAGES.noFile);
  // The file is a fund's member data: its download is an export of personal data (issue 36 item 5).
  await recordAudit(deps.db, {
    ...context,
    action: 'file-uploads.downloaded',
    entityType: 'file-uploads',
    entityId: id,
    after: { file },
  });
  if (file === 'original') {
    const xlsx = formatOfFileName(upload.fileName) === 'xlsx';
    return {
      folder: FILE_UPLOADS_FOLDER,
      storedName: upload.storedName,
      fileName: upload.fileName,
      contentType: xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
      sizeBytes: upload.fileSize,
    };
  }
  const csv = stringify({ bom: true });
  const stored = fileOpener(deps.files, FILE_UPLOADS_FOLDER, upload.storedName);
  const rows = Readable.from(refusedRows(deps.db, id, stored, formatOfFileName(upload.fileName) ?? 'csv'));
  rows.on('error', (error) => csv.destroy(error));
  rows.pipe(csv);
  return { fileName: `upload-${id}-refused-rows.csv`, contentType: 'text/csv; charset=utf-8', content: csv };
}
