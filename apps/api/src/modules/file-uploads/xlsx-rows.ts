import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import type { OpenFile } from '../../platform/files/file-store.js';
import { FILE_BUDGETS, fileTooLarge, type ReadDeadline } from './file-budgets.js';
import type { SharedStrings } from './shared-strings.js';
import { readDateStyles, readSharedStrings, readWorkbook, readXml } from './xlsx-parts.js';
import { openZip, type ZipArchive } from './zip-entries.js';

/**
 * The rows of an XLSX file's first sheet (issue 34 item 3): the zip read by its directory
 * (`zip-entries.ts`), the shared strings first, then the sheet, both parsed streamed with saxes
 * under `FILE_BUDGETS`. A row is refused as soon as it has a value past column `maxColumns`, a cell
 * as soon as it holds more than `maxCellChars` characters.
 */

/** Rows gathered per batch. */
const BATCH_ROWS = 500;
/** A cell's value before the shared strings are known: text, or the index of a shared string. */
type RawCell = string | number;

/** Column number of a cell reference (`C7` is 3); Infinity past Excel's last column (XFD). */
function columnOf(reference: string): number {
  let column = 0;
  for (let at = 0; at < reference.length && at < 4; at += 1) {
    const code = reference.charCodeAt(at);
    if (code < 65 || code > 90) return column;
    column = column * 26 + (code - 64);
  }
  return column > 16_384 || /^[A-Z]{4}/.test(reference) ? Number.POSITIVE_INFINITY : column;
}

/** Excel's day number as YYYY-MM-DD (as exceljs reads a date cell), or the number when out of range. */
function excelDate(days: number, date1904: boolean): string {
  const ms = Math.round((days - 25_569 + (date1904 ? 1462 : 0)) * 86_400_000);
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString().slice(0, 10) : String(days);
}

interface SheetOptions {
  sheet: string;
  date1904: boolean;
  dateStyles: boolean[];
  /** The shared strings, or null to leave each index (a sample resolves them afterwards). */
  strings: SharedStrings | null;
  deadline: ReadDeadline;
}

/** The sheet's non-empty rows in batches, each row its cells' texts up to its last value. */
async function* sheetRows(zip: ZipArchive, options: SheetOptions): AsyncGenerator<RawCell[][]> {
  const entry = zip.entries.get(options.sheet);
  if (!entry) return;
  const { maxColumns, maxCellChars } = FILE_BUDGETS;
  let batch: RawCell[][] = [];
  let inData = false;
  let row: RawCell[] | null = null;
  let rowNumber = 0;
  let column = 0;
  let cell: { type: string; style: number; formula: boolean; value: string } | null = null;
  let capturing = false;
  let phonetic = 0;

  const textOf = (current: NonNullable<typeof cell>): RawCell => {
    const { type, value } = current;
    if (type === 's') {
      const index = Number.parseInt(value, 10);
      if (!Number.isInteger(index) || index < 0) return '';
      return options.strings ? options.strings.get(index) : index;
    }
    if (type === 'inlineStr' || type === 'str') return value.trim();
    if (type === 'e' || value === '') return '';
    if (type === 'b') return Number.parseInt(value, 10) !== 0 ? 'true' : 'false';
    if (type === 'd') return value.trim().slice(0, 10);
    const number = Number.parseFloat(value);
    if (!current.formula && options.dateStyles[current.style]) return excelDate(number, options.date1904);
    return String(number);
  };

  const handlers = {
    open(name: string, attributes: Record<string, string>) {
      if (name === 'sheetData') inData = true;
      else if (!inData) return;
      else if (name === 'row') {
        row = [];
        rowNumber = attributes.r ? Number.parseInt(attributes.r, 10) || rowNumber + 1 : rowNumber + 1;
        column = 0;
      } else if (name === 'c' && row) {
        column = attributes.r ? columnOf(attributes.r) || column + 1 : column + 1;
        cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), formula: false, value: '' };
      } else if (!cell) return;
      else if (name === 'f') cell.formula = true;
      else if (name === 'rPh') phonetic += 1;
      else if (name === 'v' || (name === 't' && phonetic === 0)) capturing = true;
    },
    text(text: string) {
      if (!capturing || !cell) return;
      cell.value += text;
      if (cell.value.length > maxCellChars) {
        throw fileTooLarge(FILE_UPLOAD_MESSAGES.cellTooLong(rowNumber, Math.min(column, maxColumns), maxCellChars));
      }
    },
    close(name: string) {
      if (name === 'v' || name === 't') capturing = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c' && cell && row) {
        const value = textOf(cell);
        cell = null;
        if (value === '') return;
        if (column > maxColumns) throw fileTooLarge(FILE_UPLOAD_MESSAGES.tooManyColumns(rowNumber, maxColumns));
        row[column - 1] = value;
      } else if (name === 'row' && row) {
        if (row.length > 0) batch.push(Array.from(row, (value) => value ?? ''));
        row = null;
      } else if (name === 'sheetData') inData = false;
    },
  };
  for await (const _ of readXml(
    zip.text(entry, FILE_BUDGETS.xlsx.maxSheetBytes, 'sheet'),
    handlers,
    options.deadline,
  )) {
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * The rows of an XLSX file's first sheet in batches, each row its cells' trimmed texts (dates as
 * YYYY-MM-DD, formulas by their result, rich text joined), rows without a value skipped.
 * With `sampleRows`, only the first `sampleRows` + 1 rows are read, and the shared strings only up
 * to the last one they use (the mapping screen and the upload's header check stay fast).
 * @param sizeBytes the stored file's size (the zip's directory is at its end)
 * @throws AppError 413 past a budget, 422 when the file is not a readable workbook
 */
export async function* xlsxRows(
  file: OpenFile,
  sizeBytes: number,
  deadline: ReadDeadline,
  sampleRows?: number,
): AsyncGenerator<string[][]> {
  const zip = await openZip(file, sizeBytes);
  const { sheet, date1904 } = await readWorkbook(zip, deadline);
  const dateStyles = await readDateStyles(zip, deadline);
  if (sampleRows === undefined) {
    const strings = await readSharedStrings(zip, deadline);
    yield* sheetRows(zip, { sheet, date1904, dateStyles, strings, deadline }) as AsyncGenerator<string[][]>;
    return;
  }
  const raw: RawCell[][] = [];
  for await (const batch of sheetRows(zip, { sheet, date1904, dateStyles, strings: null, deadline })) {
    raw.push(...batch);
    if (raw.length > sampleRows) break;
  }
  let lastIndex = -1;
  for (const row of raw) for (const value of row) if (typeof value === 'number' && value > lastIndex) lastIndex = value;
  const strings = lastIndex >= 0 ? await readSharedStrings(zip, deadline, lastIndex) : null;
  const rows = raw
    .slice(0, sampleRows + 1)
    .map((row) => row.map((value) => (typeof value === 'number' ? (strings?.get(value) ?? '') : value)))
    .filter((row) => row.some((value) => value !== ''));
  if (rows.length > 0) yield rows;
}
