import type { FileUploadType } from '@bcp/contract';
import { copyText } from '../../db/copy-rows.js';
import { CopyLineBytes } from './copy-line-bytes.js';
import type { DataRowBatch } from './file-reader.js';
import { quoteFreeRows } from './quote-free-csv.js';
import { SAME_ROW_HASH_SEED } from './repeated-rows.js';
import { checkedRow, checkRowCells, rowPlan, STAGED_VALUES, type StagedValue } from './row-checks.js';

/**
 * The staged values two rows must share to be the same row (every value read from the file; the
 * date of birth and gender are read from the ID number): the duplicate-row check's (issue 16 rule 4).
 */
export const SAME_ROW_VALUES: readonly StagedValue[] = STAGED_VALUES.filter(
  (key) => key !== 'date_of_birth' && key !== 'gender',
);

/** Per staged value (`STAGED_VALUES` order), whether it is one of `SAME_ROW_VALUES`. */
const IN_SAME_ROW = STAGED_VALUES.map((key) => SAME_ROW_VALUES.includes(key));

/** Every column of a staged row, in the order `stagedRowLines` writes them. */
export const STAGED_COLUMNS = ['file_upload_id', 'line', 'refused', 'findings', ...STAGED_VALUES] as const;

/** What the cell checks of an upload's rows need besides the rows: the same for every batch. */
export interface StagedRowContext {
  uploadId: number;
  kind: FileUploadType;
  /** Each mapped target field's column index in the file's rows (-1: the header lacks it). */
  columns: Record<string, number>;
  /** The day the checks run (dates after it are refused), as epoch milliseconds. */
  todayMs: number;
}

/**
 * A batch of rows checked: their COPY text as UTF-8 bytes, and each row's `sameRowHash` of its
 * `SAME_ROW_VALUES`.
 */
export interface StagedRowBatch {
  text: Uint8Array;
  hashes: Int32Array;
}

/**
 * Text without a character COPY escapes in a value (backslash, tab, carriage return, NUL) but line
 * feeds: a quote-free file's lines with `\n` breaks whose cells need no escaping (decision 085).
 */
const NEEDS_ESCAPING = /[\\\t\r\0]/;

const TAB = 0x09;
const NEWLINE = 0x0a;
/** COPY's null, `\N`. */
const NULL_TEXT = '\\N';

/**
 * A batch of a file's data rows checked (`checkRowCells`: issue 16 rule 4, the checks that need
 * nothing but the row) and written as staging rows in COPY's text format (`STAGED_COLUMNS`), as
 * UTF-8 bytes (`CopyLineBytes`, decision 086): the upload, the row's line (the header is line 1),
 * whether an error refuses it, its findings, its checked values; with each row's hash of the
 * values that make it the same row as another (`RepeatedRows`, decision 084). The same in the
 * job's thread and in the check worker (`row-check.worker.ts`).
 * @param rows the batch's rows, cells as read
 * @param firstLine the line of the batch's first row
 * @param plain whether no cell of the rows holds a character COPY escapes (`NEEDS_ESCAPING`): then
 *   neither does a value read from them, and values are written without looking
 */
export function stagedRowLines(
  context: StagedRowContext,
  rows: readonly string[][],
  firstLine: number,
  plain = false,
): StagedRowBatch {
  const today = new Date(context.todayMs);
  const columns = new Map(Object.entries(context.columns));
  const plan = rowPlan(context.kind, (key) => columns.get(key) ?? -1);
  const hashes = new Int32Array(rows.length);
  const out = new CopyLineBytes(rows.length * 160);
  const checked = checkedRow();
  for (let at = 0; at < rows.length; at += 1) {
    const { findings, values } = checkRowCells(plan, rows[at] as string[], today, checked);
    // `copyLine` of [upload, line, refused, findings, ...values], written straight as bytes.
    out.integer(context.uploadId);
    out.byte(TAB);
    out.integer(firstLine + at);
    out.byte(TAB);
    out.byte(findings.some((finding) => finding.level === 'error') ? 0x74 : 0x66);
    out.byte(TAB);
    out.text(findings.length > 0 ? copyText(findings) : NULL_TEXT);
    let hash = SAME_ROW_HASH_SEED;
    for (let key = 0; key < STAGED_VALUES.length; key += 1) {
      const value = values[key] as string | number | null;
      out.byte(TAB);
      // A number's digits need no escaping; a string on the plain path neither.
      const text =
        value === null ? NULL_TEXT : typeof value === 'number' ? String(value) : plain ? value : copyText(value);
      if (IN_SAME_ROW[key]) hash = out.hashedText(text, hash);
      else out.text(text);
    }
    hashes[at] = hash;
    out.byte(NEWLINE);
  }
  return { text: out.written(), hashes };
}

/**
 * A batch as `readDataBatches` gives it, parsed when it is text (`quoteFreeRows`, decision 085)
 * and checked into staging lines (`stagedRowLines`).
 * @throws AppError 413 past a row budget (`quoteFreeRows`); Error when the text holds other than
 *   `count` rows (the job's thread numbered them)
 */
export function stagedBatchLines(context: StagedRowContext, batch: DataRowBatch, firstLine: number): StagedRowBatch {
  if ('rows' in batch) return stagedRowLines(context, batch.rows, firstLine);
  const rows = quoteFreeRows(batch.text, batch.format, firstLine);
  if (rows.length !== batch.count) throw new Error(`${rows.length} rows read where ${batch.count} were counted`);
  // Every value comes from the cells (trimmed, normalised), and the messages of findings are
  // escaped as before: with `\n` line breaks and none of these characters, no value needs it.
  const plain = batch.format.newline === '\n' && !NEEDS_ESCAPING.test(batch.text);
  return stagedRowLines(context, rows, firstLine, plain);
}
