import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import type { OpenFile } from '../../platform/files/file-store.js';
import { csvLayout, csvRows, firstBytes, quoteFreeTextBatches } from './csv-rows.js';
import { FILE_BUDGETS, fileTooLarge, ReadDeadline } from './file-budgets.js';
import { type QuoteFreeFormat, quoteFreeRows } from './quote-free-csv.js';
import { xlsxRows } from './xlsx-rows.js';

/**
 * Reads an uploaded file row by row, streamed (issue 16 rule 3): CSV with papaparse's parser
 * (`csv-rows.ts`, decision 084: encoding and delimiter detected, the encoding checked to the end), XLSX by its
 * zip directory with saxes (`xlsx-rows.ts`: first worksheet). Every row is an array of cell texts;
 * the first row is the header. Never holds the whole file in memory, and every read is under
 * `FILE_BUDGETS` (issue 34: columns, cells, rows, bytes, shared strings, time), refused with a
 * 413 or 422 `AppError` before the memory or time is spent. Files are read from the file store
 * (`OpenFile`, local folder or S3; decision 031): the first bytes as a range, the rows as one stream.
 */
export type UploadFileFormat = 'csv' | 'xlsx';

/** The format by the file's name (`.csv`, `.xlsx`), or null for any other. */
export function formatOfFileName(fileName: string): UploadFileFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/** Whether the file starts like a zip archive (what an XLSX is). */
export async function looksLikeZip(file: OpenFile): Promise<boolean> {
  const head = await firstBytes(file);
  return head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
}

/** How a file is read. */
export interface ReadOptions {
  /** The stored file's size (an XLSX is read from its end); counted by reading the file when not given. */
  sizeBytes?: number | null;
  /** The time budget (default `FILE_BUDGETS.fileSeconds` from the first read). */
  deadline?: ReadDeadline;
  /**
   * Only the header and this many rows are wanted (an XLSX then reads only what they need; a CSV
   * is read with csv-parse, without a look through the whole file for a quote first).
   */
  sampleRows?: number;
  /** Whether a CSV file holds a quote character, when the caller has looked already (`csvLayout`). */
  quoted?: boolean;
}

/**
 * The rows read so far against the file's budgets: data rows (`maxRows`) and rows times the
 * header's width (`maxCells`); `add` takes each batch's rows, the header counted in the first.
 */
function fileTotals() {
  let rows = 0;
  return {
    width: 0,
    /**
     * @param firstWidth the batch's first row's cells (the header's width, from the first batch)
     * @throws AppError 413 `tooManyRows` or `tooManyCells`
     */
    add(count: number, firstWidth: number) {
      if (rows === 0) this.width = firstWidth;
      rows += count;
      // The header is not a data row.
      if (rows - 1 > FILE_BUDGETS.maxRows) throw fileTooLarge(FILE_UPLOAD_MESSAGES.tooManyRows(FILE_BUDGETS.maxRows));
      if ((rows - 1) * this.width > FILE_BUDGETS.maxCells) {
        throw fileTooLarge(FILE_UPLOAD_MESSAGES.tooManyCells(FILE_BUDGETS.maxCells));
      }
    },
  };
}

async function sizeOf(file: OpenFile): Promise<number> {
  let size = 0;
  for await (const chunk of (await file()) as AsyncIterable<Buffer>) size += chunk.length;
  return size;
}

/**
 * The rows of a stored file in batches (as read), the header first, each row an array of trimmed
 * cell texts, padded to the header's width (XLSX rows end at their last filled cell).
 * @throws AppError 413 past a budget of `FILE_BUDGETS` (columns, cell or row length, rows, cells,
 *   XLSX parts and shared strings, time), 422 for a file that cannot be decoded (bytes not valid
 *   in its encoding, a damaged XLSX); Error from the parser when the file is not valid CSV
 */
export async function* readRowBatches(
  file: OpenFile,
  format: UploadFileFormat,
  options: ReadOptions = {},
): AsyncGenerator<string[][]> {
  const deadline = options.deadline ?? new ReadDeadline(FILE_BUDGETS.fileSeconds);
  const batches =
    format === 'csv'
      ? csvRows(file, options.sampleRows !== undefined ? true : options.quoted)
      : xlsxRows(file, options.sizeBytes ?? (await sizeOf(file)), deadline, options.sampleRows);
  const totals = fileTotals();
  for await (const batch of batches) {
    deadline.check();
    totals.add(batch.length, batch[0]?.length ?? 0);
    const { width } = totals;
    for (let at = 0; at < batch.length; at += 1) {
      const row = batch[at] as string[];
      if (row.length < width) batch[at] = [...row, ...Array<string>(width - row.length).fill('')];
    }
    yield batch;
  }
}

/**
 * A batch of a file's data rows as the validation checks them: parsed rows, or, from a CSV file
 * without a quote character, whole lines of its text, parsed where they are checked
 * (`quoteFreeRows`, decision 085); `count` the rows either holds.
 */
export type DataRowBatch =
  | { rows: string[][]; count: number }
  | { text: string; format: QuoteFreeFormat; count: number };

/**
 * The header (`{ header }`, first) and then the data rows of a stored file in batches
 * (`DataRowBatch`), under the same budgets as `readRowBatches`. A CSV file without a quote
 * character comes as text after its first piece, so that its rows are parsed beside their checks
 * in the check worker rather than copied to it (decision 085); other files as parsed rows.
 * @throws as `readRowBatches`
 */
export async function* readDataBatches(
  file: OpenFile,
  format: UploadFileFormat,
  options: ReadOptions = {},
): AsyncGenerator<{ header: string[] } | DataRowBatch> {
  const layout = format === 'csv' ? await csvLayout(file, options.quoted) : undefined;
  if (layout && !layout.quoted) {
    const deadline = options.deadline ?? new ReadDeadline(FILE_BUDGETS.fileSeconds);
    const totals = fileTotals();
    let first = true;
    for await (const batch of quoteFreeTextBatches(file, layout.encoding, layout)) {
      deadline.check();
      if (first) {
        // The first piece is read here: its header names the columns.
        first = false;
        const rows = quoteFreeRows(batch.text, layout, 1);
        totals.add(rows.length, rows[0]?.length ?? 0);
        yield { header: rows[0] ?? [] };
        if (rows.length > 1) yield { rows: rows.slice(1), count: rows.length - 1 };
      } else {
        totals.add(batch.rows, 0);
        yield { text: batch.text, format: layout, count: batch.rows };
      }
    }
    return;
  }
  let first = true;
  for await (const batch of readRowBatches(file, format, { ...options, quoted: layout?.quoted })) {
    const rows = first ? batch.slice(1) : batch;
    if (first) yield { header: batch[0] ?? [] };
    first = false;
    if (rows.length > 0) yield { rows, count: rows.length };
  }
}

/**
 * The rows of a stored file one by one, the header first (`readRowBatches`).
 * @throws as `readRowBatches`
 */
export async function* readRows(
  file: OpenFile,
  format: UploadFileFormat,
  options: ReadOptions = {},
): AsyncGenerator<string[]> {
  for await (const batch of readRowBatches(file, format, options)) yield* batch;
}

/**
 * The header and up to `sampleSize` rows under it (stops reading there), within
 * `FILE_BUDGETS.headerSeconds`.
 * @throws as `readRowBatches`
 */
export async function readHeaderAndSample(
  file: OpenFile,
  format: UploadFileFormat,
  sampleSize: number,
  sizeBytes?: number | null,
): Promise<{ header: string[]; sampleRows: string[][] }> {
  let header: string[] | undefined;
  const sampleRows: string[][] = [];
  const deadline = new ReadDeadline(FILE_BUDGETS.headerSeconds);
  const rows = readRows(file, format, { sizeBytes, deadline, sampleRows: sampleSize });
  try {
    for await (const row of rows) {
      if (!header) header = row;
      else sampleRows.push(row);
      if (sampleRows.length >= sampleSize) break;
    }
  } finally {
    await rows.return(undefined);
  }
  return { header: header ?? [], sampleRows };
}
