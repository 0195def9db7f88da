import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import Papa from 'papaparse';
import { FILE_BUDGETS, fileTooLarge } from './file-budgets.js';

/**
 * Reading the text of a CSV file without a quote character (decision 084): a row is a line and a
 * cell what lies between two delimiters, read by papaparse as csv-parse reads them (cells trimmed,
 * lines with one blank cell left out, the row budgets checked). Kept apart from the file reading
 * so that the check worker can parse whole lines of text itself (decision 085) without loading
 * the file store or csv-parse.
 */
export interface QuoteFreeFormat {
  delimiter: string;
  /** The header line's line break (`\r\n`, `\n` or `\r`). */
  newline: '\r\n' | '\n' | '\r';
}

/** A cell as kept: the space around it removed (`String.prototype.trim`, csv-parse's `trim` set), looked for at its ends first. */
function trimmed(cell: string): string {
  const first = cell.charCodeAt(0);
  const last = cell.charCodeAt(cell.length - 1);
  return first > 0x20 && last > 0x20 && first < 0x7f && last < 0x7f ? cell : cell.trim();
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

/** papaparse's parsers by format (a parser keeps nothing between two complete parses). */
const parsers = new Map<string, Papa.Parser>();

function parserOf(format: QuoteFreeFormat): Papa.Parser {
  const key = `${format.delimiter}${format.newline}`;
  let parser = parsers.get(key);
  if (!parser) {
    parser = new Papa.Parser({ delimiter: format.delimiter, newline: format.newline, quoteChar: '"' });
    parsers.set(key, parser);
  }
  return parser;
}

/**
 * The rows of whole lines of a quote-free file's text (ending with a line break, or at the file's
 * end): cells trimmed, lines of one blank cell left out, as csv-parse reads them.
 * @param firstLine the row number of the first row (the header is 1), for the budgets' messages
 * @throws AppError 413 `rowTooLong`, `tooManyColumns` or `cellTooLong` past a row budget
 */
export function quoteFreeRows(text: string, format: QuoteFreeFormat, firstLine: number): string[][] {
  const result = parserOf(format).parse(text, 0, false) as Papa.ParseResult<string[]>;
  const rows: string[][] = [];
  for (const row of result.data) {
    if (row.length === 1 && trimmed(row[0] as string) === '') continue;
    let chars = row.length - 1;
    for (let at = 0; at < row.length; at += 1) {
      chars += (row[at] as string).length;
      row[at] = trimmed(row[at] as string);
    }
    if (chars > FILE_BUDGETS.maxRowChars) {
      throw fileTooLarge(FILE_UPLOAD_MESSAGES.rowTooLong(firstLine + rows.length, FILE_BUDGETS.maxRowChars));
    }
    rows.push(row);
  }
  checkRowBudgets(rows, firstLine);
  return rows;
}

/** Whether the line `text[start, end)` is one blank cell, a row `quoteFreeRows` leaves out. */
function isBlankLine(text: string, start: number, end: number, delimiter: string): boolean {
  if (start === end) return true;
  const first = text.charCodeAt(start);
  // A visible ASCII character first: a cell with something in it, or a second cell.
  if (first > 0x20 && first < 0x7f) return false;
  const line = text.slice(start, end);
  return !line.includes(delimiter) && line.trim() === '';
}

/**
 * The rows `quoteFreeRows` reads from `text`, counted without reading their cells (a look at each
 * line's first character, mostly): the job's thread numbers a batch's rows before a worker parses
 * them (decision 085).
 */
export function countQuoteFreeRows(text: string, format: QuoteFreeFormat): number {
  const { newline, delimiter } = format;
  let rows = 0;
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf(newline, start);
    if (end === -1) end = text.length;
    if (!isBlankLine(text, start, end, delimiter)) rows += 1;
    start = end + newline.length;
  }
  return rows;
}

/**
 * Checks the row still being read (the text after the last whole line) against the row budgets,
 * so that a row past them is refused while it is read rather than held, as csv-parse refuses it:
 * more than `maxRowChars` characters, or more than `maxColumns` cells so far.
 * @throws AppError 413 `rowTooLong` or `tooManyColumns`
 */
export function checkRowInProgress(row: string, delimiter: string, line: number): void {
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
