/** The file-uploads module's data access (issue 35 item 1): uploads and their staging rows. */
import type { FileUploadType } from '@bcp/contract';
import { and, asc, desc, eq, gt, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/result-rows.js';
import { fileUploadMappings, fileUploadRows, fileUploads } from '../../db/schema/file-uploads.js';

/** An upload's stored row (`file_uploads`): status, file, mapping, counts, who uploaded and decided. */
export type FileUploadRecord = typeof fileUploads.$inferSelect;
/** An upload as the accept step reads it. */
export type AcceptedUpload = FileUploadRecord;
/** The findings of one staged row (null when the row passed every check). */
export type StagedFindings = (typeof fileUploadRows.$inferSelect)['findings'];

/** The upload, or undefined. */
export async function findUpload(db: Database, id: number): Promise<AcceptedUpload | undefined> {
  const [upload] = await db.select().from(fileUploads).where(eq(fileUploads.id, id));
  return upload;
}

/**
 * An upload's valid staging rows, as a subquery for the owners' set-based loads (never run
 * alone): `line` and every typed column of `file_upload_rows` (`id_number`, `first_name`,
 * `last_name`, `date_of_birth`, `gender`, `email`, `phone_number`, `member_number`,
 * `benefit_type`, `amount_cents`, `claim_reference`, `payment_reference`, `paid_on`, ...), refused
 * rows left out.
 */
export function stagedRows(id: number): SQL {
  return sql`select * from file_upload_rows where file_upload_id = ${id} and not refused`;
}

/**
 * The statement that holds upload `id` (`for key share`) for a `COPY` of its staging rows
 * (`openCopy`'s `referencesLock`: run on the copy's own connection, in its transaction, so the rows'
 * one foreign key is checked and locked once, not per row). It returns one row while the upload is
 * there, none when it is gone.
 */
export function lockUploadForCopy(id: number): { text: string; values: unknown[] } {
  return { text: 'select 1 from file_uploads where id = $1 for key share', values: [id] };
}

/**
 * Holds the upload (`for key share`) until the transaction ends, and with it its fund (the
 * upload's `fund_id` references the fund, so the fund cannot go while the upload is held).
 * @throws Error when the upload is gone or is not the fund's
 */
export async function holdUploadAndFund(tx: Database, id: number, fundId: number): Promise<void> {
  const [upload] = rowsOf(
    await tx.execute(sql`select 1 from file_uploads where id = ${id} and fund_id = ${fundId} for key share`),
  );
  if (!upload) throw new Error('the fund or the upload is gone');
}

/** Marks the upload `accepted` with the count of rows loaded. */
export async function markAccepted(tx: Database, id: number, importedCount: number): Promise<void> {
  await tx.update(fileUploads).set({ status: 'accepted', importedCount }).where(eq(fileUploads.id, id));
}

/** Marks the upload `failed` with the reason shown to staff. */
export async function markFailed(db: Database, id: number, failureReason: string): Promise<void> {
  await db.update(fileUploads).set({ status: 'failed', failureReason }).where(eq(fileUploads.id, id));
}

/** Sets this transaction's `work_mem` (room to sort and hash a large file's rows in memory). */
export async function setLocalWorkMem(tx: Database, size: '64MB'): Promise<void> {
  await tx.execute(sql.raw(`set local work_mem = '${size}'`));
}

/**
 * Moves a `validated` upload to `accepting` or `rejected` with who decided and their note.
 * @returns false when the upload is not (or no longer) `validated`
 */
export async function decideValidatedUpload(
  tx: Database,
  id: number,
  decision: { status: 'accepting' | 'rejected'; decidedByUserId: number; note: string | null },
): Promise<boolean> {
  const [updated] = await tx
    .update(fileUploads)
    .set({ status: decision.status, decidedByUserId: decision.decidedByUserId, decisionNote: decision.note })
    .where(and(eq(fileUploads.id, id), eq(fileUploads.status, 'validated')))
    .returning({ id: fileUploads.id });
  return updated !== undefined;
}

/** A new upload's row as the system import stores it (status, file and mapping). */
export type NewUpload = Pick<
  typeof fileUploads.$inferInsert,
  'fundId' | 'kind' | 'status' | 'fileName' | 'mapping' | 'storedName' | 'fileSize' | 'sha256'
>;

/** Stores a new upload. @returns its id */
export async function insertUpload(db: Database, upload: NewUpload): Promise<number> {
  const [row] = await db.insert(fileUploads).values(upload).returning({ id: fileUploads.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Moves a `validated` upload to `accepting` with a note, without a decider (the system's own import).
 * @returns false when the upload is not `validated`
 */
export async function markValidatedAccepting(db: Database, id: number, note: string): Promise<boolean> {
  const [row] = await db
    .update(fileUploads)
    .set({ status: 'accepting', decisionNote: note })
    .where(and(eq(fileUploads.id, id), eq(fileUploads.status, 'validated')))
    .returning({ status: fileUploads.status });
  return row !== undefined;
}

/** Another upload of the fund with the same SHA-256 (a file uploaded before), or undefined. */
export async function findSameFileUpload(
  db: Database,
  fundId: number,
  sha256: string,
  exceptId: number,
): Promise<{ id: number; fileName: string | null } | undefined> {
  const [earlier] = await db
    .select({ id: fileUploads.id, fileName: fileUploads.fileName })
    .from(fileUploads)
    .where(and(eq(fileUploads.fundId, fundId), eq(fileUploads.sha256, sha256), ne(fileUploads.id, exceptId)))
    .limit(1);
  return earlier;
}

/**
 * Records an `awaiting_file` upload's stored file and moves it to `status`.
 * @returns false when the upload is no longer `awaiting_file`
 */
export async function attachStoredFile(
  tx: Database,
  id: number,
  file: { status: 'validating' | 'uploaded'; fileName: string; storedName: string; fileSize: number; sha256: string },
): Promise<boolean> {
  const [updated] = await tx
    .update(fileUploads)
    .set(file)
    .where(and(eq(fileUploads.id, id), eq(fileUploads.status, 'awaiting_file')))
    .returning({ id: fileUploads.id });
  return updated !== undefined;
}

/**
 * Creates an upload `awaiting_file` (its fund, type, optional mapping and uploader).
 * @returns the stored row
 */
export async function insertAwaitingUpload(
  db: Database,
  upload: { fundId: number; kind: FileUploadType; mapping: Record<string, string> | null; uploadedByUserId: number },
): Promise<FileUploadRecord> {
  const [created] = await db
    .insert(fileUploads)
    .values({ ...upload, status: 'awaiting_file' })
    .returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

/**
 * Sets an upload's mapping and status, if it is still in `fromStatus` (compare and set).
 * @returns false when the upload's status changed meanwhile
 */
export async function setUploadMapping(
  db: Database,
  id: number,
  fromStatus: FileUploadRecord['status'],
  change: { mapping: Record<string, string>; status: 'validating' | 'awaiting_file' },
): Promise<boolean> {
  const [updated] = await db
    .update(fileUploads)
    .set(change)
    .where(and(eq(fileUploads.id, id), eq(fileUploads.status, fromStatus)))
    .returning({ id: fileUploads.id });
  return updated !== undefined;
}

/** The mapping a fund saved for a type of file, or undefined. */
export async function findFundMapping(
  db: Database,
  fundId: number,
  kind: FileUploadType,
): Promise<Record<string, string> | undefined> {
  const [row] = await db
    .select({ mapping: fileUploadMappings.mapping })
    .from(fileUploadMappings)
    .where(and(eq(fileUploadMappings.fundId, fundId), eq(fileUploadMappings.kind, kind)));
  return row?.mapping;
}

/** Keeps `mapping` as the fund's mapping for the type (inserted, or replacing the one saved). */
export async function upsertFundMapping(
  db: Database,
  fundId: number,
  kind: FileUploadType,
  mapping: Record<string, string>,
): Promise<void> {
  await db
    .insert(fileUploadMappings)
    .values({ fundId, kind, mapping })
    .onConflictDoUpdate({
      target: [fileUploadMappings.fundId, fileUploadMappings.kind],
      set: { mapping, updatedAt: new Date() },
    });
}

/**
 * The first `limit` staged rows of an upload that have findings: refused rows first, then by line.
 */
export async function findStagedFindings(
  db: Database,
  id: number,
  limit: number,
): Promise<{ line: number; findings: StagedFindings }[]> {
  return db
    .select({ line: fileUploadRows.line, findings: fileUploadRows.findings })
    .from(fileUploadRows)
    .where(and(eq(fileUploadRows.fileUploadId, id), isNotNull(fileUploadRows.findings)))
    .orderBy(desc(fileUploadRows.refused), asc(fileUploadRows.line))
    .limit(limit);
}

/**
 * A page of an upload's refused staged rows (with findings) after line `afterLine`, in line order,
 * at most `limit` rows (the errors download reads them a page at a time).
 */
export async function findRefusedRowsAfter(
  db: Database,
  id: number,
  afterLine: number,
  limit: number,
): Promise<{ line: number; findings: StagedFindings }[]> {
  return db
    .select({ line: fileUploadRows.line, findings: fileUploadRows.findings })
    .from(fileUploadRows)
    .where(
      and(
        eq(fileUploadRows.fileUploadId, id),
        isNotNull(fileUploadRows.findings),
        eq(fileUploadRows.refused, true),
        gt(fileUploadRows.line, afterLine),
      ),
    )
    .orderBy(asc(fileUploadRows.line))
    .limit(limit);
}

/** Removes every staged row of an upload (before reading the file again, or after it failed). */
export async function deleteStagedRows(db: Database, id: number): Promise<void> {
  await db.delete(fileUploadRows).where(eq(fileUploadRows.fileUploadId, id));
}

/** Sets an upload's reading progress: the rows read, and the rows expected when given. */
export async function setReadProgress(db: Database, id: number, progress: { rowsRead: number; rowCount?: number }) {
  await db.update(fileUploads).set(progress).where(eq(fileUploads.id, id));
}

/**
 * The staging columns the checks, the load and the lists filter, join or group on: the only ones
 * whose statistics the planner needs (the names, contact details and dates are only carried).
 */
const ANALYZED_COLUMNS = [
  'file_upload_id',
  'line',
  'refused',
  'findings',
  'id_number',
  'member_number',
  'benefit_type',
  'amount_cents',
  'claim_reference',
] as const;

/**
 * Refreshes the planner's statistics of the staging table (`analyze file_upload_rows`), of the
 * columns it plans by (`ANALYZED_COLUMNS`; the row count either way).
 */
export async function analyzeStagedRows(tx: Database): Promise<void> {
  await tx.execute(sql`analyze file_upload_rows (${sql.raw(ANALYZED_COLUMNS.join(', '))})`);
}

/** Marks the upload `validated` with its counts of rows, refused rows and warnings. */
export async function markValidated(
  tx: Database,
  id: number,
  counts: { rows: number; refused: number; warnings: number },
): Promise<void> {
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
}
