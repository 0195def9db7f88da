import type { FileUploadType } from '@bcp/contract';
import { type CopyValue, copyLine } from '../../db/copy-rows.js';
import { checkRowCells } from './row-checks.js';

/** The staging columns a row's values are copied into, in order (`file_upload_rows`). */
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
/** Every column of a staged row, in the order of `stagedLineChunks`' lines. */
export const STAGED_COLUMNS = ['file_upload_id', 'line', 'refused', 'findings', ...STAGED_VALUES] as const;

/** Characters of COPY text gathered before a chunk is handed on. */
const CHUNK_CHARS = 256 * 1024;

/** What is needed to turn an upload's rows into staging rows (plain data: it crosses to a worker). */
export interface StagingParams {
  uploadId: number;
  kind: FileUploadType;
  /** Target field key to the file's column name (the upload's mapping). */
  mapping: Record<string, string>;
  /** The day the dates are checked against, as milliseconds since the epoch. */
  todayMs: number;
}

/** Staging rows in COPY's text format: `rows` lines in `text`. */
export interface StagedChunk {
  text: string;
  rows: number;
}

/** Milliseconds spent on each step of `stagedLineChunks`. */
export interface StagingTimes {
  /** Waiting for the next batch of rows (reading and parsing the file). */
  reading: number;
  /** The cell checks of each row (`checkRowCells`). */
  checking: number;
  /** Formatting the checked rows as COPY text. */
  formatting: number;
}

/**
 * The staging rows of a file's row batches (the header first), as COPY text in chunks of about
 * 256 KB: each data row's cells checked (`checkRowCells`, the mapping's columns), then written as
 * `STAGED_COLUMNS` (upload, line number with the header as line 1, refused, findings, values).
 * The same in the worker thread (CSV) and in the job's thread (XLSX). Adds its times to `times`.
 */
export async function* stagedLineChunks(
  batches: AsyncIterable<string[][]>,
  params: StagingParams,
  times: StagingTimes,
): AsyncGenerator<StagedChunk> {
  const today = new Date(params.todayMs);
  let header: string[] | undefined;
  let columnOf = new Map<string, number>();
  let line = 1;
  let text = '';
  let rows = 0;
  let waited = performance.now();
  for await (const batch of batches) {
    // One segment of work: from the batch's arrival (or the return from a yield) to its end (or a yield).
    let segment = performance.now();
    times.reading += segment - waited;
    let checking = 0;
    const closeSegment = () => {
      const now = performance.now();
      times.checking += checking;
      times.formatting += now - segment - checking;
      checking = 0;
      return now;
    };
    for (const cells of batch) {
      if (!header) {
        header = cells;
        columnOf = new Map(Object.entries(params.mapping).map(([key, column]) => [key, cells.indexOf(column)]));
        continue;
      }
      line += 1;
      const checkStarted = performance.now();
      const checked = checkRowCells(params.kind, (key) => cells[columnOf.get(key) ?? -1] ?? '', today);
      checking += performance.now() - checkStarted;
      const refused = checked.findings.some((finding) => finding.level === 'error');
      const row: CopyValue[] = [params.uploadId, line, refused, checked.findings.length > 0 ? checked.findings : null];
      for (const key of STAGED_VALUES) row.push(checked.values[key]);
      text += copyLine(row);
      rows += 1;
      if (text.length >= CHUNK_CHARS) {
        const chunk = { text, rows };
        text = '';
        rows = 0;
        closeSegment();
        yield chunk;
        segment = performance.now();
      }
    }
    waited = closeSegment();
  }
  if (rows > 0) yield { text, rows };
}
