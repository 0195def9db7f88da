import type { Database } from '../../db/client.js';
import { type CopyValue, openCopy } from '../../db/copy-rows.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type FileStore, fileOpener, type OpenFile } from '../../platform/files/file-store.js';
import { formatOfFileName, readRowBatches, type UploadFileFormat } from './file-reader.js';
import {
  analyzeStagedRows,
  deleteStagedRows,
  type FileUploadRecord,
  findUpload,
  lockUploadForCopy,
  markFailed,
  markValidated,
  setLocalWorkMem,
  setReadProgress,
} from './file-uploads.repository.js';
import { FILE_UPLOADS_FOLDER } from './file-uploads.service.js';
import { checkRowCells } from './row-checks.js';
import { checkStagedRows, countStagedRows } from './staging-checks.repository.js';
import { type UploadPhaseClock, uploadPhaseClock } from './upload-phases.js';

/** The job queue that reads and checks an uploaded file into its staging rows. */
export const VALIDATE_UPLOAD_QUEUE = 'file-upload-validate';
/** Rows read between two updates of `rows_read` (the progress of `GET file-uploads/{id}`). */
export const PROGRESS_EVERY_ROWS = 10_000;

/** The staging columns a row is copied into, in order (`file_upload_rows`). */
export const STAGED_VALUES = [
  'id_number',
  'first_name',
  'last_name',
  'member_number',
  'benefit_type',
  'amount_cents',
  'email',
  'phone_number',
  'date_of_exit',
  'date_of_birth',
  'gender',
  'claim_reference',
  'payment_reference',
  'paid_on',
] as const;
const STAGED_COLUMNS = ['file_upload_id', 'line', 'refused', 'findings', ...STAGED_VALUES] as const;

/**
 * The data rows of a CSV file as far as counting its line ends tells (a quoted cell holding a line
 * break counts twice): the total shown while the file is read. Null for XLSX (known at the end).
 */
async function estimateRows(file: OpenFile, format: UploadFileFormat): Promise<number | null> {
  if (format !== 'csv') return null;
  let breaks = 0;
  let last = 0x0a;
  for await (const chunk of (await file()) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) breaks += 1;
    last = chunk[chunk.length - 1] ?? last;
  }
  return Math.max(breaks + (last === 0x0a ? 0 : 1) - 1, 0);
}

/** Reads the file, checks each row's cells and copies it into staging (all rows, or none on PostgreSQL). */
async function copyRows(
  db: Database,
  upload: FileUploadRecord,
  file: OpenFile,
  format: UploadFileFormat,
  today: Date,
  clock: UploadPhaseClock,
): Promise<void> {
  const mapping = upload.mapping ?? {};
  // The staged rows' one foreign key (their upload) is checked and locked once, not per row.
  const copy = await openCopy(db, 'file_upload_rows', STAGED_COLUMNS, {
    referencesLock: lockUploadForCopy(upload.id),
  });
  let header: string[] | undefined;
  let columnOf = new Map<string, number>();
  let line = 1;
  // Phases: the cell checks, handing rows to the copy (formatting, waiting for the database),
  // and the rest of the loop (reading and parsing the file).
  let checking = 0;
  let copying = 0;
  const started = performance.now();
  try {
    for await (const batch of readRowBatches(file, format, { sizeBytes: upload.fileSize })) {
      for (const cells of batch) {
        if (!header) {
          header = cells;
          columnOf = new Map(Object.entries(mapping).map(([key, column]) => [key, cells.indexOf(column)]));
          continue;
        }
        line += 1;
        const checkStarted = performance.now();
        const checked = checkRowCells(upload.kind, (key) => cells[columnOf.get(key) ?? -1] ?? '', today);
        const refused = checked.findings.some((finding) => finding.level === 'error');
        const row: CopyValue[] = [upload.id, line, refused, checked.findings.length > 0 ? checked.findings : null];
        for (const key of STAGED_VALUES) row.push(checked.values[key]);
        const copyStarted = performance.now();
        checking += copyStarted - checkStarted;
        await copy.write(row);
        copying += performance.now() - copyStarted;
        if ((line - 1) % PROGRESS_EVERY_ROWS === 0) {
          await setReadProgress(db, upload.id, { rowsRead: line - 1 });
        }
      }
    }
    clock.add('read and parse', (performance.now() - started - checking - copying) / 1000);
    clock.add('row checks', checking / 1000);
    clock.add('copy rows (format, send, wait)', copying / 1000);
    await clock.time('copy end', () => copy.end());
  } catch (error) {
    await copy.abort();
    throw error;
  }
}

/**
 * Reads an uploaded file, streamed from the file store (local or S3), and checks each row (issue 16 rules 3-5) into the staging
 * table `file_upload_rows` with `COPY` (decision 023), updating `rows_read` every 10,000 rows (the
 * progress of `GET file-uploads/{id}`; the total is estimated from a CSV's line ends first). The
 * checks that need the whole file or the database then run set-based on the staged rows. At the
 * end the upload is `validated` with its counts, or `failed` with a reason when the file cannot be
 * read or meets a reading budget (`FILE_BUDGETS`, the budget's message as the reason; issue 34),
 * its staged rows removed. Nothing else is touched. Run again (a retry after a crash), it
 * starts over. The set-based checks, the counts and the new status are one transaction. Audited
 * (`file-uploads.validated`).
 */
export async function validateUpload(deps: { db: Database; files: FileStore }, id: number, today = new Date()) {
  const { db } = deps;
  const upload = await findUpload(db, id);
  if (upload?.status !== 'validating' || !upload.storedName || !upload.mapping) return;
  const dropStaged = () => deleteStagedRows(db, id);
  await dropStaged();
  const format = formatOfFileName(upload.fileName ?? '') ?? 'csv';
  const clock = uploadPhaseClock(id, 'validate');
  const file = fileOpener(deps.files, FILE_UPLOADS_FOLDER, upload.storedName);
  try {
    const estimate = await clock.time('estimate rows', () => estimateRows(file, format));
    await setReadProgress(db, id, { rowsRead: 0, rowCount: estimate ?? 0 });
    await copyRows(db, upload, file, format, today, clock);
  } catch (error) {
    await dropStaged();
    // A reading budget or an encoding rule says why (issue 34); anything else is a broken file.
    const failureReason = error instanceof AppError ? error.message : 'The file could not be read to the end.';
    await markFailed(db, id, failureReason);
    return;
  }
  // The checks, the counts and the status in one transaction: a crash leaves no half-checked rows.
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // Fresh statistics (without them the planner takes the staged rows for a handful and picks
    // nested loops), and room to sort a large file's rows in memory (this transaction only).
    await clock.time('analyze', () => analyzeStagedRows(tx));
    await setLocalWorkMem(tx, '64MB');
    await checkStagedRows(tx, upload.kind, id, upload.fundId, clock);
    const counts = await clock.time('count', () => countStagedRows(tx, id));
    await markValidated(tx, id, counts);
    await recordAudit(tx, {
      actor: { type: 'system', label: VALIDATE_UPLOAD_QUEUE },
      action: 'file-uploads.validated',
      entityType: 'file-uploads',
      entityId: id,
      after: { rowCount: counts.rows, refused: counts.refused, warnings: counts.warnings },
    });
  });
  clock.publish();
}
