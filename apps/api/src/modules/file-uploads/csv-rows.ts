import type { Readable, TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import { CsvError, type Options, Parser } from 'csv-parse';
import Papa from 'papaparse';
import { type OpenFile, readAll } from '../../platform/files/file-store.js';
import { FILE_BUDGETS, fileTooLarge } from './file-budgets.js';
import { decodeHead, detectTextEncoding, type TextEncoding, utf8Text } from './text-decoding.js';

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
 * A file's rows by csv-parse's stream API: every file holding a quote character (decision 084).
 * @throws AppError 413 past a budget, 422 for bytes not valid in the file's encoding; CsvError for
 *   a file that is not CSV (an unclosed quote)
 */
async function* csvParseRows(file: OpenFile, encoding: TextEncoding, delimiter: string): AsyncGenerator<string[][]> {
  const content = await file();
  const text = content.pipe(utf8Text(encoding));
  const options: Options = {
    bom: true,
    delimiter,
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

/** A line break: the header line's (`\r\n`, `\n` or `\r`), `\n` when it has none. */
function lineBreakOf(head: string): '\r\n' | '\n' | '\r' {
  const at = head.search(/[\r\n]/);
  if (at === -1 || head[at] === '\n') return '\n';
  return head[at + 1] === '\n' ? '\r\n' : '\r';
}

/** A cell as kept: the space around it removed (`String.prototype.trim`, csv-parse's `trim` set), looked for at its ends first. */
function trimmed(cell: string): string {
  const first = cell.charCodeAt(0);
  const last = cell.charCodeAt(cell.length - 1);
  return first > 0x20 && last > 0x20 && first < 0x7f && last < 0x7f ? cell : cell.trim();
}

/**
 * The whole rows papaparse's parser reads from `input` (a file's text without quotes), trimmed,
 * empty lines (one empty cell) left out; `cursor` where the rows read end.
 * @throws AppError 413 `rowTooLong` for a row of more than `maxRowChars` characters
 */
function splitRows(parser: Papa.Parser, input: string, complete: boolean, line: number) {
  const result = parser.parse(input, 0, !complete) as Papa.ParseResult<string[]> & { meta: { cursor: number } };
  const rows: string[][] = [];
  for (const row of result.data) {
    if (row.length === 1 && trimmed(row[0] as string) === '') continue;
    let chars = row.length - 1;
    for (let at = 0; at < row.length; at += 1) {
      chars += (row[at] as string).length;
      row[at] = trimmed(row[at] as string);
    }
    if (chars > FILE_BUDGETS.maxRowChars) {
      throw fileTooLarge(FILE_UPLOAD_MESSAGES.rowTooLong(line + rows.length, FILE_BUDGETS.maxRowChars));
    }
    rows.push(row);
  }
  return { rows, cursor: result.meta.cursor };
}

/**
 * Checks the row still being read (the text after the last whole row) against the row budgets, so
 * that a row past them is refused while it is read rather than held, as csv-parse refuses it:
 * more than `maxRowChars` characters, or more than `maxColumns` cells so far.
 * @throws AppError 413 `rowTooLong` or `tooManyColumns`
 */
function checkRowInProgress(row: string, delimiter: string, line: number): void {
  if (row.length > FILE_BUDGETS.maxRowChars) {
    throw fileTooLarge(FILE_UPLOAD_MESSAGES.rowTooLong(line, FILE_BUDGETS.maxRowChars));
  }
  let cells = 1;
  for (
    let at = row.indexOf(delimiter);
    at !== -1 && cells <= FILE_BUDGETS.maxColumns;
    at = row.indexOf(delimiter, at + 1)
  ) {
    cells += 1;
  }
  if (cells > FILE_BUDGETS.maxColumns) {
    throw fileTooLarge(FILE_UPLOAD_MESSAGES.tooManyColumns(line, FILE_BUDGETS.maxColumns));
  }
}

/**
 * A file's rows by papaparse's parser: files without a quote character, where a row is a line and
 * a cell what lies between delimiters, as csv-parse reads them, about five times faster (decision
 * 084). Fed what has been read up to its last line break; the rest (a row cut by the read) waits
 * for the next piece, within the row budgets (`checkRowInProgress`).
 * @throws AppError 413 past a budget, 422 for bytes not valid in the file's encoding
 */
async function* papaparseRows(
  file: OpenFile,
  encoding: TextEncoding,
  delimiter: string,
  newline: '\r\n' | '\n' | '\r',
): AsyncGenerator<string[][]> {
  const parser = new Papa.Parser({ delimiter, newline, quoteChar: '"' });
  const content = await file();
  const text = content.pipe(utf8Text(encoding));
  // A read error (a dropped connection to the store) ends the rows with it.
  content.on('error', (error) => text.destroy(error));
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let started = false;
  let line = 1;
  const take = (rows: string[][]) => {
    checkRowBudgets(rows, line);
    line += rows.length;
    return rows;
  };
  try {
    for await (const piece of text as AsyncIterable<Buffer>) {
      let input = pending + decoder.write(piece);
      if (!started && input.length > 0) {
        started = true;
        if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
      }
      // Only up to the last line break can hold whole rows; the rest waits for the next piece.
      const end = input.lastIndexOf(newline) + newline.length;
      const { rows, cursor } =
        end >= newline.length ? splitRows(parser, input.slice(0, end), false, line) : { rows: [], cursor: 0 };
      pending = input.slice(cursor);
      checkRowInProgress(pending, delimiter, line + rows.length);
      if (rows.length > 0) yield take(rows);
    }
    const rest = pending + decoder.end();
    const { rows } = splitRows(parser, started ? rest : rest.replace(/^\uFEFF/, ''), true, line);
    if (rows.length > 0) yield take(rows);
  } finally {
    // Stopped early (a sample) or failed: the file's stream (a socket with S3) is released.
    content.destroy();
    text.destroy();
  }
}

/** Whether a file holds a quote character (`"`; in UTF-16 any unit with that byte), looked for to its end or the first. */
async function holdsQuote(file: OpenFile): Promise<boolean> {
  const content = await file();
  try {
    for await (const chunk of content as AsyncIterable<Buffer>) if (chunk.includes(0x22)) return true;
    return false;
  } finally {
    content.destroy();
  }
}

/**
 * The rows of a CSV file in batches (streamed, issue 16 rule 3): its encoding decided by
 * `detectTextEncoding` and checked to the end (`utf8Text`), its delimiter (`,` `;` tab `|`) the
 * header line's most frequent, each row's fields trimmed, empty lines skipped, a BOM dropped. Rows
 * are not padded. Never holds more than a row of `maxRowChars` characters and `maxColumns` fields.
 * A file without a quote character is read by papaparse, any other by csv-parse (decision 084):
 * the same rows and refusals, the common file five times faster.
 * @throws AppError 413 past a budget, 422 for bytes not valid in the file's encoding; CsvError for
 *   a file that is not CSV (an unclosed quote)
 */
export async function* csvRows(file: OpenFile): AsyncGenerator<string[][]> {
  const head = await firstBytes(file);
  const encoding = detectTextEncoding(head);
  const headText = decodeHead(head, encoding);
  const delimiter = delimiterOf(headText.split(/\r?\n/)[0] ?? '');
  if (await holdsQuote(file)) yield* csvParseRows(file, encoding, delimiter);
  else yield* papaparseRows(file, encoding, delimiter, lineBreakOf(headText));
}
