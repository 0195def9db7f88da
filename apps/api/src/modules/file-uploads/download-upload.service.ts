import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import { stringify } from 'csv-stringify';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { fileUploadRows } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors/app-error.js';
import { privateFilePath } from '../../platform/files/private-file-store.js';
import { formatOfFileName, readHeaderAndSample } from './file-reader.js';
import { FILE_UPLOADS_FOLDER, findFileUploadRow } from './file-uploads.service.js';

const PAGE_ROWS = 1000;

/** A download: its name, type and content stream. */
export interface UploadDownload {
  fileName: string;
  contentType: string;
  content: Readable;
}

async function* refusedRows(db: Database, id: number): AsyncGenerator<string[]> {
  let after = 0;
  for (;;) {
    const page = await db
      .select({ line: fileUploadRows.line, cells: fileUploadRows.cells, findings: fileUploadRows.findings })
      .from(fileUploadRows)
      .where(and(eq(fileUploadRows.fileUploadId, id), eq(fileUploadRows.refused, true), gt(fileUploadRows.line, after)))
      .orderBy(asc(fileUploadRows.line))
      .limit(PAGE_ROWS);
    for (const row of page) {
      const reasons = row.findings.filter((finding) => finding.level === 'error').map((finding) => finding.message);
      yield [...row.cells, String(row.line), reasons.join(' ')];
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE_ROWS) return;
    after = last.line;
  }
}

/**
 * An upload's file (spec 7 `GET file-uploads/{id}/download`): `original`, the file as uploaded;
 * `errors`, a CSV of its refused rows as in the file with `line` and `reason` columns. Both are
 * streamed (the errors page through the staging rows).
 * @throws AppError 404 for an unknown upload or one without its file
 */
export async function downloadUpload(
  deps: { db: Database; dataDir: string },
  id: number,
  file: 'original' | 'errors',
): Promise<UploadDownload> {
  const upload = await findFileUploadRow(deps.db, id);
  if (!upload.storedName || !upload.fileName) throw new AppError('not_found', FILE_UPLOAD_MESSAGES.noFile);
  const path = privateFilePath(deps.dataDir, FILE_UPLOADS_FOLDER, upload.storedName);
  if (file === 'original') {
    const xlsx = formatOfFileName(upload.fileName) === 'xlsx';
    return {
      fileName: upload.fileName,
      contentType: xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
      content: createReadStream(path),
    };
  }
  const { header } = await readHeaderAndSample(path, formatOfFileName(upload.fileName) ?? 'csv', 0);
  const csv = stringify({ bom: true });
  Readable.from(
    (async function* () {
      yield [...header, 'line', 'reason'];
      yield* refusedRows(deps.db, id);
    })(),
  ).pipe(csv);
  return { fileName: `upload-${id}-refused-rows.csv`, contentType: 'text/csv; charset=utf-8', content: csv };
}
