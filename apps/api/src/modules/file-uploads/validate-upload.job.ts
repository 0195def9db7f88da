import { createHash } from 'node:crypto';
import { centsToRandString, type FileUploadType, ROW_MESSAGES, type RowFinding } from '@bcp/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefitClaims, benefits, fileUploadRows, fileUploads, persons } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { privateFilePath } from '../../platform/files/private-file-store.js';
import { formatOfFileName, readRows } from './file-reader.js';
import { FILE_UPLOADS_FOLDER } from './file-uploads.service.js';
import { type CheckedRow, checkRowCells } from './row-checks.js';

/** The job queue that reads and checks an uploaded file into its staging rows. */
export const VALIDATE_UPLOAD_QUEUE = 'file-upload-validate';
/** Rows checked and staged per batch (one database round of lookups and one insert). */
export const VALIDATION_BATCH_ROWS = 1000;

interface PendingRow extends CheckedRow {
  line: number;
  cells: string[];
}

const lower = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase();

/** Findings that need the database, added to a batch of member file or trace result rows. */
async function checkPersons(db: Database, rows: PendingRow[], unknownIsError: boolean): Promise<void> {
  const ids = [
    ...new Set(rows.map((row) => row.values.id_number).filter((id): id is string => typeof id === 'string')),
  ];
  if (ids.length === 0) return;
  const known = await db
    .select({ idNumber: persons.idNumber, firstName: persons.firstName, lastName: persons.lastName })
    .from(persons)
    .where(inArray(persons.idNumber, ids));
  const byId = new Map(known.map((person) => [person.idNumber, person]));
  for (const row of rows) {
    if (typeof row.values.id_number !== 'string') continue;
    const person = byId.get(row.values.id_number);
    if (!person) {
      if (unknownIsError)
        row.findings.push({ level: 'error', field: 'id_number', message: ROW_MESSAGES.personUnknown });
      continue;
    }
    const namesDiffer =
      lower(person.firstName) !== lower(row.values.first_name) ||
      lower(person.lastName) !== lower(row.values.last_name);
    if (namesDiffer) row.findings.push({ level: 'warning', field: 'row', message: ROW_MESSAGES.namesDiffer });
  }
}

async function checkKnownBenefits(db: Database, fundId: number, rows: PendingRow[]): Promise<void> {
  const memberNumbers = [
    ...new Set(
      rows.map((row) => row.values.member_number).filter((value): value is string => typeof value === 'string'),
    ),
  ];
  if (memberNumbers.length === 0) return;
  const known = await db
    .select({
      memberNumber: benefits.memberNumber,
      benefitType: benefits.benefitType,
      amountCents: benefits.amountCents,
    })
    .from(benefits)
    .where(and(eq(benefits.fundId, fundId), inArray(benefits.memberNumber, memberNumbers)));
  const byKey = new Map(known.map((benefit) => [`${benefit.memberNumber}\u0000${benefit.benefitType}`, benefit]));
  for (const row of rows) {
    const benefit = byKey.get(`${row.values.member_number}\u0000${row.values.benefit_type}`);
    if (!benefit || typeof row.values.amount_cents !== 'number') continue;
    row.findings.push({
      level: 'warning',
      field: 'row',
      message: ROW_MESSAGES.benefitKnown(
        centsToRandString(benefit.amountCents),
        centsToRandString(row.values.amount_cents),
      ),
    });
  }
}

async function checkClaims(db: Database, fundId: number, rows: PendingRow[]): Promise<void> {
  const ids = rows.map((row) => Number(row.values.claim_reference)).filter((id) => Number.isSafeInteger(id) && id > 0);
  const known =
    ids.length === 0
      ? []
      : await db
          .select({ id: benefitClaims.id, status: benefitClaims.status })
          .from(benefitClaims)
          .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
          .where(and(eq(benefits.fundId, fundId), inArray(benefitClaims.id, [...new Set(ids)])));
  const byId = new Map(known.map((claim) => [claim.id, claim.status]));
  for (const row of rows) {
    if (row.values.claim_reference === null) continue;
    const status = byId.get(Number(row.values.claim_reference));
    if (status === undefined)
      row.findings.push({ level: 'error', field: 'claim_reference', message: ROW_MESSAGES.claimNotFound });
    else if (status !== 'approved') {
      row.findings.push({ level: 'error', field: 'claim_reference', message: ROW_MESSAGES.claimNotApproved(status) });
    }
  }
}

async function checkAgainstDatabase(db: Database, type: FileUploadType, fundId: number, rows: PendingRow[]) {
  if (type === 'member_file') {
    await checkPersons(db, rows, false);
    await checkKnownBenefits(db, fundId, rows);
  } else if (type === 'trace_results') await checkPersons(db, rows, true);
  else await checkClaims(db, fundId, rows);
}

/**
 * Reads an uploaded file, streamed, and checks each row (issue 16 rules 3-5) into the staging
 * table `file_upload_rows` in batches, updating `rows_read` after each batch (the progress of
 * `GET file-uploads/{id}`). A row repeating an earlier one of the file is refused. At the end the
 * upload is `validated` with its counts, or `failed` with a reason when the file cannot be read.
 * Run again (a retry), it starts over. Audited (`file-uploads.validated`).
 */
export async function validateUpload(deps: { db: Database; dataDir: string }, id: number, today = new Date()) {
  const { db } = deps;
  const [upload] = await db.select().from(fileUploads).where(eq(fileUploads.id, id));
  if (upload?.status !== 'validating' || !upload.storedName || !upload.mapping) return;
  await db.delete(fileUploadRows).where(eq(fileUploadRows.fileUploadId, id));
  const mapping = upload.mapping;
  const format = formatOfFileName(upload.fileName ?? '') ?? 'csv';
  const seen = new Map<string, number>();
  let header: string[] | undefined;
  let line = 1;
  let batch: PendingRow[] = [];
  const counts = { rows: 0, refused: 0, warnings: 0 };

  const flush = async () => {
    if (batch.length === 0) return;
    await checkAgainstDatabase(db, upload.kind, upload.fundId, batch);
    await db.insert(fileUploadRows).values(
      batch.map((row) => {
        const refused = row.findings.some((finding: RowFinding) => finding.level === 'error');
        if (refused) counts.refused += 1;
        else if (row.findings.length > 0) counts.warnings += 1;
        return {
          fileUploadId: id,
          line: row.line,
          refused,
          values: row.values,
          findings: row.findings,
          cells: row.cells,
        };
      }),
    );
    await db.update(fileUploads).set({ rowsRead: counts.rows }).where(eq(fileUploads.id, id));
    batch = [];
  };

  try {
    for await (const cells of readRows(privateFilePath(deps.dataDir, FILE_UPLOADS_FOLDER, upload.storedName), format)) {
      if (!header) {
        header = cells;
        continue;
      }
      line += 1;
      counts.rows += 1;
      const columns = header;
      const checked = checkRowCells(
        upload.kind,
        (key) => cells[columns.indexOf(mapping[key] ?? '\u0000')] ?? '',
        today,
      );
      const fingerprint = createHash('sha1').update(JSON.stringify(checked.values)).digest('base64');
      const first = seen.get(fingerprint);
      if (first === undefined) seen.set(fingerprint, line);
      else checked.findings.push({ level: 'error', field: 'row', message: ROW_MESSAGES.duplicateRow(first) });
      batch.push({ ...checked, line, cells });
      if (batch.length >= VALIDATION_BATCH_ROWS) await flush();
    }
    await flush();
  } catch {
    await db
      .update(fileUploads)
      .set({ status: 'failed', failureReason: 'The file could not be read to the end.' })
      .where(eq(fileUploads.id, id));
    return;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(fileUploads)
      .set({
        status: 'validated',
        rowCount: counts.rows,
        rowsRead: counts.rows,
        errorCount: counts.refused,
        warningCount: counts.warnings,
      })
      .where(eq(fileUploads.id, id));
    await recordAudit(tx as unknown as Database, {
      actor: { type: 'system', label: VALIDATE_UPLOAD_QUEUE },
      action: 'file-uploads.validated',
      entityType: 'file-uploads',
      entityId: id,
      after: { rowCount: counts.rows, refused: counts.refused, warnings: counts.warnings },
    });
  });
}
