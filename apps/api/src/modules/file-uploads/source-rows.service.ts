import {
  type AdminSourceRowListResponse,
  type AdminSourceRowResponse,
  CLAIM_MESSAGES,
  type ListQuery,
  PERSON_ADMIN_MESSAGES,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type FileStore, fileOpener } from '../../platform/files/file-store.js';
import { findBenefitSourceRow, listPersonSourceRows, type StagedSourceRow } from '../../queries/source-rows.js';
import { formatOfFileName, readRows } from './file-reader.js';
import { FILE_UPLOADS_FOLDER } from './file-uploads.service.js';
import { STAGED_VALUES } from './row-checks.js';

/** What the source views need: the database and the file store (the uploaded files). */
export interface SourceRowDeps {
  db: Database;
  files: FileStore;
}

/**
 * The original cells of `lines` of one stored upload, read again from the file (streamed, stopping
 * after the last line wanted): staging keeps the normalised values only (decision 023).
 */
async function cellsOfLines(
  files: FileStore,
  upload: { storedName: string | null; fileName: string | null; fileSize: number | null },
  lines: Set<number>,
): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (!upload.storedName || !upload.fileName || lines.size === 0) return found;
  const last = Math.max(...lines);
  const file = fileOpener(files, FILE_UPLOADS_FOLDER, upload.storedName);
  let line = 0;
  try {
    const format = formatOfFileName(upload.fileName) ?? 'csv';
    for await (const cells of readRows(file, format, { sizeBytes: upload.fileSize })) {
      line += 1;
      if (lines.has(line)) found.set(line, cells);
      if (line >= last) break;
    }
  } catch {
    // The stored file is gone (removed by retention): the staged values still answer.
  }
  return found;
}

/** The answers for staged rows, with their original cells read from the stored files. */
async function toSourceRowResponses(files: FileStore, rows: StagedSourceRow[]): Promise<AdminSourceRowResponse[]> {
  const byUpload = new Map<number, StagedSourceRow[]>();
  for (const row of rows) {
    const uploadRows = byUpload.get(row.upload.id);
    if (uploadRows) uploadRows.push(row);
    else byUpload.set(row.upload.id, [row]);
  }
  const cells = new Map<string, string[]>();
  for (const [uploadId, uploadRows] of byUpload) {
    const first = uploadRows[0] as StagedSourceRow;
    const read = await cellsOfLines(
      files,
      { storedName: first.storedName, fileName: first.upload.fileName, fileSize: first.fileSize },
      new Set(uploadRows.map((row) => row.line)),
    );
    for (const [line, lineCells] of read) cells.set(`${uploadId}:${line}`, lineCells);
  }
  return rows.map((row) => {
    const values: Record<string, string | number | null> = Object.create(null);
    for (const key of STAGED_VALUES) if (row[key] !== null) values[key] = row[key];
    return {
      upload: { ...row.upload, createdAt: row.upload.createdAt.toISOString() },
      line: row.line,
      refused: row.refused,
      values,
      cells: cells.get(`${row.upload.id}:${row.line}`) ?? [],
      findings: row.findings ?? [],
    };
  });
}

/**
 * `GET /api/v1/benefits/{id}/source` (issue 18): the upload and the row the benefit was last loaded
 * from (the last line of the file with its member number and type, as the accept loads it), with
 * the staged values and the original cells (read again from the stored file). Audited
 * (`benefits.source-viewed`): the row holds personal data.
 * @throws AppError `not_found` (404): no benefit, or it did not come from an uploaded file
 */
export async function getBenefitSourceForStaff(
  { db, files }: SourceRowDeps,
  benefitId: number,
  context: AuditContext,
): Promise<AdminSourceRowResponse> {
  const { benefit, row } = await findBenefitSourceRow(db, benefitId);
  if (!benefit)
    throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound, undefined, { code: 'benefit_not_found' });
  if (!row) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.sourceNotFound);
  await recordAudit(db, {
    ...context,
    action: 'benefits.source-viewed',
    entityType: 'benefits',
    entityId: benefitId,
  });
  const [answer] = await toSourceRowResponses(files, [row]);
  return answer as AdminSourceRowResponse;
}

/**
 * `GET /api/v1/benefits/person/source/{id}` (issue 18): every row of every upload that named the
 * person's ID number (member files and trace results, refused rows too), newest upload first, in
 * the one list envelope. Audited (`persons.source-viewed`).
 * @throws AppError `not_found` (404) when there is no such person
 */
export async function listPersonSourceRowsForStaff(
  { db, files }: SourceRowDeps,
  personId: number,
  query: Pick<ListQuery, 'page' | 'pageSize'>,
  context: AuditContext,
): Promise<AdminSourceRowListResponse> {
  const page = await listPersonSourceRows(db, personId, query);
  if (!page) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.personNotFound);
  await recordAudit(db, { ...context, action: 'persons.source-viewed', entityType: 'persons', entityId: personId });
  return { ...page, items: await toSourceRowResponses(files, page.items) };
}
