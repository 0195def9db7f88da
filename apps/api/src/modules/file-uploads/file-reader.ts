import type { Readable } from 'node:stream';
import chardet from 'chardet';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { type OpenFile, readAll } from '../../platform/files/file-store.js';

/**
 * Reads an uploaded file row by row, streamed (issue 16 rule 3): CSV with csv-parse's stream API
 * (delimiter, BOM and Windows-1252 detected from the first 64 KB), XLSX with exceljs' streaming
 * reader (first worksheet). Every row is an array of cell texts; the first row is the header.
 * Never holds the whole file in memory. Files are read from the file store (`OpenFile`, local
 * folder or S3; decision 031): the first bytes as a range, the rows as one stream.
 */
export type UploadFileFormat = 'csv' | 'xlsx';

const SNIFF_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The format by the file's name (`.csv`, `.xlsx`), or null for any other. */
export function formatOfFileName(fileName: string): UploadFileFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

async function firstBytes(file: OpenFile): Promise<Buffer> {
  return readAll(await file({ start: 0, end: SNIFF_BYTES - 1 }), SNIFF_BYTES);
}

/** Whether the file starts like a zip archive (what an XLSX is). */
export async function looksLikeZip(file: OpenFile): Promise<boolean> {
  const head = await firstBytes(file);
  return head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
}

/** UTF-8 (with or without BOM) or Windows-1252, as chardet guesses from the first bytes. */
function encodingOf(head: Buffer): 'utf8' | 'win1252' {
  if (head.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))) return 'utf8';
  const guess = (chardet.detect(head) ?? 'UTF-8').toUpperCase();
  return guess === 'UTF-8' || guess === 'ASCII' ? 'utf8' : 'win1252';
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

/** Rows gathered per batch from an XLSX file. */
const XLSX_BATCH_ROWS = 500;

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

async function* csvRows(file: OpenFile): AsyncGenerator<string[][]> {
  const head = await firstBytes(file);
  const encoding = encodingOf(head);
  const firstLine = iconv.decode(head, encoding).split(/\r?\n/)[0] ?? '';
  const content = await file();
  const source: NodeJS.ReadableStream = encoding === 'win1252' ? content.pipe(iconv.decodeStream('win1252')) : content;
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter: delimiterOf(firstLine),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }),
  );
  // A read error (a dropped connection to the store) ends the rows with it rather than a hang.
  content.on('error', (error) => parser.destroy(error));
  try {
    yield* recordBatches(parser);
  } finally {
    // Stopped early (a sample) or failed: the file's stream (a socket with S3) is released.
    content.destroy();
  }
}

/** A cell's value as text: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const object = value as { result?: unknown; richText?: { text: string }[]; text?: string; error?: string };
    if ('result' in object) return cellText(object.result);
    if (object.richText) return object.richText.map((part) => part.text).join('');
    if (typeof object.text === 'string') return object.text;
    return '';
  }
  return String(value).trim();
}

async function* xlsxRows(file: OpenFile): AsyncGenerator<string[][]> {
  // exceljs loads at the first XLSX file, not at the server's start (about 27 MB resident).
  const { default: excel } = await import('exceljs');
  const content = await file();
  const reader = new excel.stream.xlsx.WorkbookReader(content, {
    entries: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  try {
    for await (const worksheet of reader) {
      let batch: string[][] = [];
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as unknown[]).slice(1).map(cellText);
        if (values.some((value) => value !== '')) batch.push(values);
        if (batch.length >= XLSX_BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
      return; // the first worksheet only
    }
  } finally {
    content.destroy();
  }
}

/**
 * The rows of a stored file in batches (as read), the header first, each row an array of trimmed
 * cell texts, padded to the header's width (XLSX rows end at their last filled cell).
 * @throws Error from the parser when the file is not valid CSV or XLSX
 */
export async function* readRowBatches(file: OpenFile, format: UploadFileFormat): AsyncGenerator<string[][]> {
  let width: number | undefined;
  for await (const batch of format === 'csv' ? csvRows(file) : xlsxRows(file)) {
    width ??= batch[0]?.length ?? 0;
    for (let at = 0; at < batch.length; at += 1) {
      const row = batch[at] as string[];
      if (row.length < width) batch[at] = [...row, ...Array<string>(width - row.length).fill('')];
    }
    yield batch;
  }
}

/**
 * The rows of a stored file one by one, the header first (`readRowBatches`).
 * @throws Error from the parser when the file is not valid CSV or XLSX
 */
export async function* readRows(file: OpenFile, format: UploadFileFormat): AsyncGenerator<string[]> {
  for await (const batch of readRowBatches(file, format)) yield* batch;
}

/** The header and up to `sampleSize` rows under it (stops reading there). */
export async function readHeaderAndSample(
  file: OpenFile,
  format: UploadFileFormat,
  sampleSize: number,
): Promise<{ header: string[]; sampleRows: string[][] }> {
  let header: string[] | undefined;
  const sampleRows: string[][] = [];
  const rows = readRows(file, format);
  try {
    for await (const row of rows) {
      if (!header) header = row;
      else sampleRows.push(row);
      if (sampleRows.length >= sampleSize) break;
    }
  } finally {
    await rows.return(undefined);
  }
  return { header: header ?? [], sampleRows };
}
