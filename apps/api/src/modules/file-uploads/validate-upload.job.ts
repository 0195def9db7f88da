import { UPLOAD_CHECK_WORKER_FROM_BYTES } from '../../config.js';
import type { Database } from '../../db/client.js';
import { openCopy } from '../../db/copy-rows.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type FileStore, fileOpener, type OpenFile } from '../../platform/files/file-store.js';
import { holdsQuoteByte } from './csv-rows.js';
import { FILE_BUDGETS } from './file-budgets.js';
import { formatOfFileName, readDataBatches, type UploadFileFormat } from './file-reader.js';
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
import { RepeatedRows } from './repeated-rows.js';
import { inThreadChecker, type StagedRowChecker, workerChecker } from './staged-row-checker.js';
import { STAGED_COLUMNS, type StagedRowBatch } from './staged-row-lines.js';
import { checkStagedRows, countStagedRows } from './staging-checks.repository.js';
import { type UploadPhaseClock, uploadPhaseClock } from './upload-phases.js';

/** The job queue that reads and checks an uploaded file into its staging rows. */
export const VALIDATE_UPLOAD_QUEUE = 'file-upload-validate';
/** Rows read between two updates of `rows_read` (the progress of `GET file-uploads/{id}`). */
export const PROGRESS_EVERY_ROWS = 10_000;

/** Batches handed to the checks and not yet copied: the reading runs at most this far ahead (4 before decision 085). */
const BATCHES_IN_FLIGHT = 6;

/**
 * One look through a CSV file before it is read: its data rows as far as counting its line ends
 * tells (a quoted cell holding a line break counts twice), the total shown while the file is read,
 * and whether it holds a quote character (`holdsQuoteByte`: how it is read, decision 084). Null
 * rows and unknown quotes for XLSX (rows known at the end).
 */
async function surveyFile(
  file: OpenFile,
  format: UploadFileFormat,
): Promise<{ rows: number | null; quoted?: boolean }> {
  if (format !== 'csv') return { rows: null };
  let breaks = 0;
  let last = 0x0a;
  let quoted = false;
  for await (const chunk of (await file()) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) breaks += 1;
    last = chunk[chunk.length - 1] ?? last;
    quoted ||= holdsQuoteByte(chunk);
  }
  return { rows: Math.max(breaks + (last === 0x0a ? 0 : 1) - 1, 0), quoted };
}

/** The first of `batches` (in the file's order, each awaited) whose checks failed: its error, or undefined. */
async function firstFailure(batches: readonly { checked: Promise<unknown> }[]): Promise<unknown> {
  for (const batch of batches) {
    try {
      await batch.checked;
    } catch (error) {
      return error;
    }
  }
  return undefined;
}

/**
 * How `copyRows` checks the rows: in a worker thread from `fromBytes` bytes of file (decision 083);
 * smaller files in the job's thread, where starting a worker would cost more than it saves.
 */
export interface CheckThreadOptions {
  fromBytes: number;
}

/** What `copyRows` reads and how. */
interface CopyRowsInput {
  upload: FileUploadRecord;
  file: OpenFile;
  format: UploadFileFormat;
  /** Whether the file (a CSV) holds a quote character, as `surveyFile` found. */
  quoted?: boolean;
  /** Rows the file is thought to hold (0 when not known), to size `RepeatedRows`. */
  expectedRows: number;
  today: Date;
  clock: UploadPhaseClock;
  checks: CheckThreadOptions;
}

/**
 * Reads the file, checks each row's cells and copies it into staging (all rows, or none on
 * PostgreSQL). A file of at least `checks.fromBytes` bytes is checked in a worker thread while this
 * thread reads the next rows and streams the checked ones to the `COPY` (decision 083); a CSV
 * file without a quote character is handed over as text and parsed where it is checked (decision
 * 085). The staged rows are the same either way (`stagedBatchLines`).
 * @returns the lines that may repeat another (`RepeatedRows`, decision 084)
 */
async function copyRows(db: Database, input: CopyRowsInput): Promise<number[]> {
  const { upload, file, format, today, clock, checks } = input;
  const repeated = new RepeatedRows(input.expectedRows);
  const mapping = upload.mapping ?? {};
  // The staged rows' one foreign key (their upload) is checked and locked once, not per row.
  const copy = await openCopy(db, 'file_upload_rows', STAGED_COLUMNS, {
    referencesLock: lockUploadForCopy(upload.id),
  });
  let checker: StagedRowChecker | undefined;
  const inWorker = (upload.fileSize ?? 0) >= checks.fromBytes;
  const inFlight: { checked: Promise<StagedRowBatch>; rows: number; firstLine: number }[] = [];
  let line = 1;
  let copied = 0;
  // Phases: handing checked rows to the copy (sending, waiting for the database), waiting for the
  // worker's checks, and the rest of the loop (reading and parsing the file).
  let copying = 0;
  let waitingForChecks = 0;
  const started = performance.now();
  /** The oldest batch in flight, once checked, to the copy; `rows_read` every 10,000 rows. */
  const copyOldest = async () => {
    const batch = inFlight.shift();
    if (!batch) return;
    const waitStarted = performance.now();
    const { text, hashes } = await batch.checked;
    const copyStarted = performance.now();
    waitingForChecks += copyStarted - waitStarted;
    repeated.add(hashes, batch.firstLine);
    await copy.writeLines(text, batch.rows);
    copying += performance.now() - copyStarted;
    const before = copied;
    copied += batch.rows;
    if (Math.floor(copied / PROGRESS_EVERY_ROWS) > Math.floor(before / PROGRESS_EVERY_ROWS)) {
      await setReadProgress(db, upload.id, { rowsRead: copied });
    }
  };
  const batches = readDataBatches(file, format, { sizeBytes: upload.fileSize, quoted: input.quoted });
  try {
    for (;;) {
      // A refusal of the reader's (an encoding, a budget, the store) comes after the rows still
      // being checked: a row refused among them is the first fault in the file, and its reason wins.
      const next = await batches.next().catch(async (error: unknown) => {
        throw (await firstFailure(inFlight)) ?? error;
      });
      if (next.done) break;
      const batch = next.value;
      if ('header' in batch) {
        const { header } = batch;
        const columns = Object.fromEntries(
          Object.entries(mapping).map(([key, column]) => [key, header.indexOf(column)] as const),
        );
        const context = { uploadId: upload.id, kind: upload.kind, columns, todayMs: today.getTime() };
        checker = inWorker ? workerChecker(context) : inThreadChecker(context);
        continue;
      }
      const checked = (checker as StagedRowChecker).lines(batch, line + 1);
      // Awaited in turn (`copyOldest`); a failure meanwhile is not an unhandled rejection.
      checked.catch(() => undefined);
      inFlight.push({ checked, rows: batch.count, firstLine: line + 1 });
      line += batch.count;
      while (inFlight.length > BATCHES_IN_FLIGHT) await copyOldest();
    }
    while (inFlight.length > 0) await copyOldest();
    const checking = checker?.checkingMs() ?? { thread: 0, worker: 0 };
    const elapsed = performance.now() - started - copying - waitingForChecks;
    clock.add('read and parse', (elapsed - checking.thread) / 1000);
    if (!inWorker || checking.thread > 0) clock.add('row checks', checking.thread / 1000);
    if (inWorker) {
      clock.add('row checks (worker thread)', checking.worker / 1000);
      clock.add('waiting for the row checks', waitingForChecks / 1000);
    }
    clock.add('copy rows (send, wait)', copying / 1000);
    await clock.time('copy end', () => copy.end());
    return repeated.suspectLines();
  } catch (error) {
    // Batches still being checked are dropped: their answers (or failures) are not waited for.
    for (const batch of inFlight) batch.checked.catch(() => undefined);
    await copy.abort();
    throw error;
  } finally {
    // Stopped early (a failure): the file's stream is released.
    await batches.return(undefined);
    await checker?.close();
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
export async function validateUpload(
  deps: { db: Database; files: FileStore; checks?: CheckThreadOptions },
  id: number,
  today = new Date(),
) {
  const { db } = deps;
  const upload = await findUpload(db, id);
  if (upload?.status !== 'validating' || !upload.storedName || !upload.mapping) return;
  const dropStaged = () => deleteStagedRows(db, id);
  await dropStaged();
  const format = formatOfFileName(upload.fileName ?? '') ?? 'csv';
  const clock = uploadPhaseClock(id, 'validate');
  const file = fileOpener(deps.files, FILE_UPLOADS_FOLDER, upload.storedName);
  let suspects: number[];
  try {
    const survey = await clock.time('estimate rows', () => surveyFile(file, format));
    await setReadProgress(db, id, { rowsRead: 0, rowCount: survey.rows ?? 0 });
    suspects = await copyRows(db, {
      upload,
      file,
      format,
      quoted: survey.quoted,
      // Line breaks counted, blank lines too: never more than the rows a file may hold.
      expectedRows: Math.min(survey.rows ?? 0, FILE_BUDGETS.maxRows),
      today,
      clock,
      checks: deps.checks ?? { fromBytes: UPLOAD_CHECK_WORKER_FROM_BYTES },
    });
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
    await checkStagedRows(tx, { type: upload.kind, id, fundId: upload.fundId, suspects }, clock);
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
