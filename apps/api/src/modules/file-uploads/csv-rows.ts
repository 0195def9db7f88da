import type { Readable, TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import { CsvError, type Options, Parser } from 'csv-parse';
import { type OpenFile, readAll } from '../../platform/files/file-store.js';
import { FILE_BUDGETS, fileTooLarge } from './file-budgets.js';
import {
  checkRowBudgets,
  checkRowInProgress,
  countQuoteFreeRows,
  type QuoteFreeFormat,
  quoteFreeRows,
} from './quote-free-csv.js';
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

/** A piece of a quote-free CSV file's text: whole lines (the last one may end at the file's end), and the rows they hold. */
export interface CsvTextBatch {
  text: string;
  /** The rows `quoteFreeRows` reads from `text` (`countQuoteFreeRows`). */
  rows: number;
}

/**
 * The text of a file without a quote character in pieces of whole lines, each piece's rows
 * counted (decision 085: the rows are parsed where they are checked): decoded and checked in its
 * encoding (`utf8Text`), a BOM dropped. A piece holds what has been read up to its last line
 * break; the rest (a row cut by the read) waits for the next piece, within the row budgets
 * (`checkRowInProgress`).
 * @throws AppError 413 past a row budget while a row is read, 422 for bytes not valid in the file's encoding
 */
export async function* quoteFreeTextBatches(
  file: OpenFile,
  encoding: TextEncoding,
  format: QuoteFreeFormat,
): AsyncGenerator<CsvTextBatch> {
  const { newline, delimiter } = format;
  const content = await file();
  const text = content.pipe(utf8Text(encoding));
  // A read error (a dropped connection to the store) ends the rows with it.
  content.on('error', (error) => text.destroy(error));
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let started = false;
  let line = 1;
  try {
    for await (const piece of text as AsyncIterable<Buffer>) {
      let input = pending + decoder.write(piece);
      if (!started && input.length > 0) {
        started = true;
        if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
      }
      // Only up to the last line break can hold whole rows; the rest waits for the next piece.
      const end = input.lastIndexOf(newline) + newline.length;
      const whole = end >= newline.length ? input.slice(0, end) : '';
      const rows = countQuoteFreeRows(whole, format);
      pending = input.slice(whole.length);
      checkRowInProgress(pending, delimiter, line + rows);
      line += rows;
      if (rows > 0) yield { text: whole, rows };
    }
    let rest = pending + decoder.end();
    if (!started && rest.charCodeAt(0) === 0xfeff) rest = rest.slice(1);
    const rows = countQuoteFreeRows(rest, format);
    if (rows > 0) yield { text: rest, rows };
  } finally {
    // Stopped early (a sample) or failed: the file's stream (a socket with S3) is released.
    content.destroy();
    text.destroy();
  }
}

/** Whether a piece of a file holds a quote character (`"`; in UTF-16 any unit with that byte). */
export const holdsQuoteByte = (chunk: Buffer): boolean => chunk.includes(0x22);

/** Whether a file holds a quote character (`holdsQuoteByte`), looked for to its end or the first. */
async function holdsQuote(file: OpenFile): Promise<boolean> {
  const content = await file();
  try {
    for await (const chunk of content as AsyncIterable<Buffer>) if (holdsQuoteByte(chunk)) return true;
    return false;
  } finally {
    content.destroy();
  }
}

/** How a CSV file is read: its encoding, its delimiter and line break, and whether it holds a quote. */
export interface CsvLayout extends QuoteFreeFormat {
  encoding: TextEncoding;
  quoted: boolean;
}

/**
 * A CSV file's layout: its encoding decided by `detectTextEncoding`, its delimiter (`,` `;` tab
 * `|`) the header line's most frequent, its line break the header line's, and whether a quote
 * character is in it anywhere (`quoted` when the caller knows, else looked for to the end or the
 * first).
 * @throws AppError 422 for an encoding that is refused (UTF-32)
 */
export async function csvLayout(file: OpenFile, quoted?: boolean): Promise<CsvLayout> {
  const head = await firstBytes(file);
  const encoding = detectTextEncoding(head);
  const headText = decodeHead(head, encoding);
  const delimiter = delimiterOf(headText.split(/\r?\n/)[0] ?? '');
  return { encoding, delimiter, newline: lineBreakOf(headText), quoted: quoted ?? (await holdsQuote(file)) };
}

/**
 * The rows of a CSV file in batches (streamed, issue 16 rule 3): its encoding checked to the end
 * (`utf8Text`), each row's fields trimmed, empty lines skipped, a BOM dropped (`csvLayout`). Rows
 * are not padded. Never holds more than a row of `maxRowChars` characters and `maxColumns` fields.
 * A file without a quote character is read by papaparse (`quoteFreeTextBatches`,
 * `quoteFreeRows`), any other by csv-parse (decision 084): the same rows and refusals, the common
 * file five times faster.
 * @param quoted whether the file holds a quote, when known (`true` reads it with csv-parse, as a
 *   sample of a few rows is read: no look through the whole file first)
 * @throws AppError 413 past a budget, 422 for bytes not valid in the file's encoding; CsvError for
 *   a file that is not CSV (an unclosed quote)
 */
export async function* csvRows(file: OpenFile, quoted?: boolean): AsyncGenerator<string[][]> {
  const layout = await csvLayout(file, quoted);
  if (layout.quoted) {
    yield* csvParseRows(file, layout.encoding, layout.delimiter);
    return;
  }
  let line = 1;
  for await (const batch of quoteFreeTextBatches(file, layout.encoding, layout)) {
    const rows = quoteFreeRows(batch.text, layout, line);
    line += rows.length;
    if (rows.length > 0) yield rows;
  }
}
