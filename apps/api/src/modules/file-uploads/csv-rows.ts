import { StringDecoder } from 'node:string_decoder';
import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import Papa from 'papaparse';
import { type OpenFile, readAll } from '../../platform/files/file-store.js';
import { FILE_BUDGETS, fileTooLarge } from './file-budgets.js';
import { decodeHead, detectTextEncoding, TEXT_PIECE_BYTES, utf8Text } from './text-decoding.js';

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
 * A file whose quotes do not make CSV (a quoted cell never closed, or closed and followed by more
 * than spaces before its delimiter): refused, "The file could not be read to the end."
 */
export class NotCsvError extends Error {
  constructor(line: number, reason: string) {
    super(`Not CSV at row ${line}: ${reason}`);
    this.name = 'NotCsvError';
  }
}

/** The line break the header line ends with (`\r\n`, `\n` or `\r`), `\n` when it has none. */
function lineBreakOf(head: string): '\r\n' | '\n' | '\r' {
  const unquoted = head.replace(/"[^"]*"/g, '');
  const at = unquoted.search(/[\r\n]/);
  if (at === -1 || unquoted[at] === '\n') return '\n';
  return unquoted[at + 1] === '\n' ? '\r\n' : '\r';
}

/** A cell as kept: the space around it removed (`String.prototype.trim`), only looked for at its ends. */
function trimmed(cell: string): string {
  const first = cell.charCodeAt(0);
  const last = cell.charCodeAt(cell.length - 1);
  return first > 0x20 && last > 0x20 && first < 0x7f && last < 0x7f ? cell : cell.trim();
}

/**
 * The rows papaparse's parser read from `input`, trimmed, empty lines (a single empty cell) left out.
 * @throws NotCsvError for papaparse's quote errors
 */
function parsedRows(parser: Papa.Parser, input: string, complete: boolean, line: number) {
  const result = parser.parse(input, 0, !complete) as Papa.ParseResult<string[]> & { meta: { cursor: number } };
  const [error] = result.errors;
  if (error) throw new NotCsvError(line + (error.row ?? 0), error.message);
  const rows: string[][] = [];
  for (const row of result.data) {
    if (row.length === 1 && trimmed(row[0] as string) === '') continue;
    // A row of more than `maxRowChars` read whole within one piece (its cells and delimiters).
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
 * that a row past them is refused while it is read rather than held: more than `maxRowChars`
 * characters, or, once it is longer than a piece, more than `maxColumns` cells so far (read as if
 * it ended here; not known while it is inside a quoted cell).
 * @throws AppError 413 `rowTooLong` or `tooManyColumns`
 */
function checkRowInProgress(parser: Papa.Parser, row: string, line: number): void {
  if (row.length > FILE_BUDGETS.maxRowChars) {
    throw fileTooLarge(FILE_UPLOAD_MESSAGES.rowTooLong(line, FILE_BUDGETS.maxRowChars));
  }
  if (row.length <= TEXT_PIECE_BYTES) return;
  const result = parser.parse(row, 0, false) as Papa.ParseResult<string[]>;
  const cells = result.errors.length === 0 ? (result.data[0]?.length ?? 0) : 0;
  if (cells > FILE_BUDGETS.maxColumns) {
    throw fileTooLarge(FILE_UPLOAD_MESSAGES.tooManyColumns(line, FILE_BUDGETS.maxColumns));
  }
}

/**
 * The rows of a CSV file in batches (streamed, issue 16 rule 3): its encoding decided by
 * `detectTextEncoding` and checked to the end (`utf8Text`), its delimiter (`,` `;` tab `|`) the
 * header line's most frequent and its line break the header's, each cell trimmed, empty lines
 * skipped, a BOM dropped. Rows are not padded. Parsed by papaparse's parser (decision 084) on what
 * has been read up to its last line break; the rest (a row, or a quoted cell, cut by the read)
 * waits for the next piece, at most `maxRowChars` characters of it.
 * @throws AppError 413 past a budget, 422 for bytes not valid in the file's encoding; NotCsvError
 *   for a file that is not CSV (an unclosed quote, text after a closing quote)
 */
export async function* csvRows(file: OpenFile): AsyncGenerator<string[][]> {
  const head = await firstBytes(file);
  const encoding = detectTextEncoding(head);
  const headText = decodeHead(head, encoding);
  const firstLine = headText.split(/\r?\n/)[0] ?? '';
  const newline = lineBreakOf(headText);
  const parser = new Papa.Parser({ delimiter: delimiterOf(firstLine), newline, quoteChar: '"' });
  const content = await file();
  const text = content.pipe(utf8Text(encoding));
  // A read error (a dropped connection to the store) ends the rows with it.
  content.on('error', (error) => text.destroy(error));
  const decoder = new StringDecoder('utf8');
  const breakChar = newline.charAt(newline.length - 1);
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
      const end = input.lastIndexOf(breakChar) + 1;
      const { rows, cursor } = end > 0 ? parsedRows(parser, input.slice(0, end), false, line) : { rows: [], cursor: 0 };
      pending = input.slice(cursor);
      checkRowInProgress(parser, pending, line + rows.length);
      if (rows.length > 0) yield take(rows);
    }
    const rest = pending + decoder.end();
    const { rows } = parsedRows(parser, started ? rest : rest.replace(/^\uFEFF/, ''), true, line);
    if (rows.length > 0) yield take(rows);
  } finally {
    // Stopped early (a sample) or failed: the file's stream (a socket with S3) is released.
    content.destroy();
    text.destroy();
  }
}
