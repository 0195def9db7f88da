import type { Readable, TransformCallback } from 'node:stream';
import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import { CsvError, type Options, Parser } from 'csv-parse';
import { type OpenFile, readAll } from '../../platform/files/file-store.js';
import { FILE_BUDGETS, fileTooLarge } from './file-budgets.js';
import { decodeHead, detectTextEncoding, utf8Text } from './text-decoding.js';

/** Bytes of a file looked at for its encoding and delimiter. */
export const SNIFF_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The first bytes of a file (a range read). */
export async function firstBytes(file: OpenFile): Promise<Buffer> {
  return readAll(await file({ start: 0, end: SNIFF_BYTES - 1 }), SNIFF_BYTES);
}

/** The delimiter the header line uses most (outside quotes), `,` when none. */
function delimiterOf(firstLine: string): string {
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = unquoted.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/**
 * csv-parse's parser that also refuses a row of more than `maxColumns` fields while it is read:
 * csv-parse caps a row's characters (`max_record_size`) but not its fields, and a line of commas
 * is a million empty fields. It is handed pieces of at most 64 KB (`utf8Text`), so a row in
 * progress holds at most `maxColumns` + 64K fields when it is looked at.
 */
class ColumnBoundedParser extends Parser {
  override _transform(chunk: Buffer, encoding: BufferEncoding, callback: TransformCallback): void {
    super._transform(chunk, encoding, (error?: Error | null) => {
      // `state.record` (the row being read) is csv-parse's own, kept public for compatibility.
      const inProgress = (this as unknown as { state: { record: unknown[] } }).state.record.length;
      if (!error && inProgress > FILE_BUDGETS.maxColumns) {
        error = fileTooLarge(FILE_UPLOAD_MESSAGES.tooManyColumns(this.info.records + 1, FILE_BUDGETS.maxColumns));
      }
      callback(error);
    });
  }
}

/** csv-parse's error as the file's refusal (a row past `maxRowChars`), or the error as it was. */
function refusalOf(error: unknown): unknown {
  if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
    return fileTooLarge(FILE_UPLOAD_MESSAGES.rowTooLong(Number(error.records) + 1, FILE_BUDGETS.maxRowChars));
  }
  return error;
}

/**
 * Checks a batch of rows against the column and cell budgets.
 * @param firstLine the line (row number, the header being 1) of the batch's first row
 * @throws AppError 413 `tooManyColumns` or `cellTooLong`
 */
export function checkRowBudgets(rows: string[][], firstLine: number): void {
  for (let at = 0; at < rows.length; at += 1) {
    const row = rows[at] as string[];
    if (row.length > FILE_BUDGETS.maxColumns) {
      throw fileTooLarge(FILE_UPLOAD_MESSAGES.tooManyColumns(firstLine + at, FILE_BUDGETS.maxColumns));
    }
    for (let column = 0; column < row.length; column += 1) {
      if ((row[column] as string).length > FILE_BUDGETS.maxCellChars) {
        throw fileTooLarge(FILE_UPLOAD_MESSAGES.cellTooLong(firstLine + at, column + 1, FILE_BUDGETS.maxCellChars));
      }
    }
  }
}

/**
 * A parser's records in batches of what it has buffered: one promise per batch rather than per
 * record (csv-parse gives about a million small records a minute to a file's check).
 */
async function* recordBatches(parser: Readable): AsyncGenerator<string[][]> {
  for await (const first of parser) {
    const batch: string[][] = [first as string[]];
    for (let next = parser.read(); next !== null; next = parser.read()) batch.push(next as string[]);
    yield batch;
  }
}

/**
 * The rows of a CSV file in batches (streamed, issue 16 rule 3): its encoding decided by
 * `detectTextEncoding` and checked to the end (`utf8Text`), its delimiter (`,` `;` tab `|`) the
 * header line's most frequent, each row's fields trimmed, empty lines skipped. Rows are not
 * padded. Never holds more than a row of `maxRowChars` characters and `maxColumns` fields.
 * @throws AppError 413 past a budget, 422 for bytes not valid in the file's encoding; CsvError for
 *   a file that is not CSV (an unclosed quote)
 */
export async function* csvRows(file: OpenFile): AsyncGenerator<string[][]> {
  const head = await firstBytes(file);
  const encoding = detectTextEncoding(head);
  const firstLine = decodeHead(head, encoding).split(/\r?\n/)[0] ?? '';
  const content = await file();
  const text = content.pipe(utf8Text(encoding));
  const options: Options = {
    bom: true,
    delimiter: delimiterOf(firstLine),
    max_record_size: FILE_BUDGETS.maxRowChars,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  };
  const parser = text.pipe(new ColumnBoundedParser(options));
  // A read error (a dropped connection to the store) or a refused byte ends the rows with it.
  content.on('error', (error) => parser.destroy(error));
  text.on('error', (error) => parser.destroy(error));
  let line = 1;
  try {
    for await (const batch of recordBatches(parser)) {
      checkRowBudgets(batch, line);
      line += batch.length;
      yield batch;
    }
  } catch (error) {
    throw refusalOf(error);
  } finally {
    // Stopped early (a sample) or failed: the file's stream (a socket with S3) is released.
    content.destroy();
    text.destroy();
  }
}
