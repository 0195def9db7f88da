import type { FileUploadType } from '@bcp/contract';
import { type CopyValue, copyLine } from '../../db/copy-rows.js';
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
 * A batch of a file's data rows checked (`checkRowCells`: issue 16 rule 4, the checks that need
 * nothing but the row) and written as staging rows in COPY's text format (`STAGED_COLUMNS`): the
 * upload, the row's line (the header is line 1), whether an error refuses it, its findings, its
 * checked values. The same in the job's thread and in the check worker (`row-check.worker.ts`).
 * @param rows the batch's rows, cells as read
 * @param firstLine the line of the batch's first row
 * @returns the rows' COPY text (one line each)
 */
export function stagedRowLines(context: StagedRowContext, rows: readonly string[][], firstLine: number): string {
  const today = new Date(context.todayMs);
  const columns = new Map(Object.entries(context.columns));
  let text = '';
  for (let at = 0; at < rows.length; at += 1) {
    const cells = rows[at] as string[];
    const checked = checkRowCells(context.kind, (key) => cells[columns.get(key) ?? -1] ?? '', today);
    const refused = checked.findings.some((finding) => finding.level === 'error');
    const row: CopyValue[] = [
      context.uploadId,
      firstLine + at,
      refused,
      checked.findings.length > 0 ? checked.findings : null,
    ];
    for (const key of STAGED_VALUES) row.push(checked.values[key]);
    text += copyLine(row);
  }
  return text;
}
