import type { FileUploadType } from '@bcp/contract';
import { copyText } from '../../db/copy-rows.js';
import { SAME_ROW_HASH_SEED, sameRowHash } from './repeated-rows.js';
import { checkRowCells } from './row-checks.js';

/** The staging columns a row's checked values are copied into, in order (`file_upload_rows`). */
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

/**
 * The staged values two rows must share to be the same row (every value read from the file; the
 * date of birth and gender are read from the ID number): the duplicate-row check's (issue 16 rule 4).
 */
export const SAME_ROW_VALUES: readonly (typeof STAGED_VALUES)[number][] = STAGED_VALUES.filter(
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

/** A batch of rows checked: their COPY text, and each row's `sameRowHash` of its `SAME_ROW_VALUES`. */
export interface StagedRowBatch {
  text: string;
  hashes: Int32Array;
}

/**
 * A batch of a file's data rows checked (`checkRowCells`: issue 16 rule 4, the checks that need
 * nothing but the row) and written as staging rows in COPY's text format (`STAGED_COLUMNS`): the
 * upload, the row's line (the header is line 1), whether an error refuses it, its findings, its
 * checked values; with each row's hash of the values that make it the same row as another
 * (`RepeatedRows`, decision 084). The same in the job's thread and in the check worker
 * (`row-check.worker.ts`).
 * @param rows the batch's rows, cells as read
 * @param firstLine the line of the batch's first row
 */
export function stagedRowLines(
  context: StagedRowContext,
  rows: readonly string[][],
  firstLine: number,
): StagedRowBatch {
  const today = new Date(context.todayMs);
  const columns = new Map(Object.entries(context.columns));
  const upload = `${context.uploadId}\t`;
  const hashes = new Int32Array(rows.length);
  let cells: string[] = [];
  const cellOf = (key: string) => cells[columns.get(key) ?? -1] ?? '';
  let text = '';
  for (let at = 0; at < rows.length; at += 1) {
    cells = rows[at] as string[];
    const { findings, values } = checkRowCells(context.kind, cellOf, today);
    const refused = findings.some((finding) => finding.level === 'error');
    // `copyLine` of [upload, line, refused, findings, ...values], written straight into the text.
    text += `${upload}${firstLine + at}\t${refused ? 't' : 'f'}\t${findings.length > 0 ? copyText(findings) : '\\N'}`;
    let hash = SAME_ROW_HASH_SEED;
    for (let key = 0; key < STAGED_VALUES.length; key += 1) {
      const value = copyText(values[STAGED_VALUES[key] as string]);
      if (IN_SAME_ROW[key]) hash = sameRowHash(hash, value);
      text += `\t${value}`;
    }
    hashes[at] = hash;
    text += '\n';
  }
  return { text, hashes };
}
