import { once } from 'node:events';
import { PassThrough, pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { safeCell, safeRow } from './safe-cell.js';

/** The formats of every export (issue 18): CSV (UTF-8 with BOM, for Excel) or XLSX. */
export type ExportFormat = 'csv' | 'xlsx';

/** One column of an export: its header and how a row gives its cell. */
export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null;
  /** XLSX column width in characters (default 16). */
  width?: number;
}

/** A streamed export: its content type and the stream of bytes. */
export interface TableExport {
  contentType: string;
  /** File name extension, `csv` or `xlsx`. */
  extension: ExportFormat;
  content: Readable;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** An export route's OpenAPI `produces`: the media types of CSV and XLSX. */
export const EXPORT_PRODUCES = ['text/csv', CONTENT_TYPES.xlsx];

/**
 * Streams rows as CSV (csv-stringify) or XLSX (exceljs' streaming writer) with constant memory:
 * rows are pulled from `rows` only as fast as the consumer reads (XLSX waits for `drain`). An error
 * of `rows` destroys the stream (the client sees a cut-off download, never a partial "success").
 */
export function streamTable<Row>(
  format: ExportFormat,
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  rows: AsyncIterable<Row>,
): TableExport {
  const cells = (row: Row) => columns.map((column) => safeCell(column.value(row)));
  if (format === 'csv') {
    const source = Readable.from(
      (async function* () {
        yield safeRow(columns.map((column) => column.header));
        for await (const row of rows) yield cells(row);
      })(),
    );
    const csv = stringify({ bom: true });
    const content = pipeline(source, csv, () => undefined);
    return { contentType: CONTENT_TYPES.csv, extension: 'csv', content };
  }
  const content = new PassThrough();
  void (async () => {
    // exceljs loads at the first XLSX export, not at start (about 27 MB resident; issue 18).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: content,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = columns.map((column, index) => ({
      header: safeCell(column.header),
      key: String(index),
      width: column.width ?? 16,
    }));
    for await (const row of rows) {
      sheet.addRow(cells(row)).commit();
      if (content.writableNeedDrain) await once(content, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => content.destroy(error as Error));
  return { contentType: CONTENT_TYPES.xlsx, extension: 'xlsx', content };
}

/**
 * Rows per keyset page of an export. Small on purpose: a page that is still being written when the
 * young generation is collected is promoted, and 2,000-row pages let the old generation grow to
 * 400 MB of garbage on a 1,000,000-row export; 500-row pages keep it near idle (issue 18 bench).
 */
export const EXPORT_PAGE_ROWS = 500;

/**
 * Pages through a table by id with keyset pagination (`fetch(after)` answers the next `batchSize`
 * rows with ids beyond `after`, in order), yielding rows one by one: memory stays one page.
 */
export async function* keysetRows<Row extends { id: number }>(
  fetch: (after: number | undefined, batchSize: number) => Promise<Row[]>,
  batchSize = EXPORT_PAGE_ROWS,
): AsyncGenerator<Row> {
  let after: number | undefined;
  for (;;) {
    const page = await fetch(after, batchSize);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < batchSize) return;
    after = last.id;
  }
}

/**
 * Passes rows through, counting them; once the last one was read, `done(rowCount)` runs (e.g. the
 * export's audit row) before the stream ends. An export cut off early never calls it.
 */
export async function* countRows<Row>(rows: AsyncIterable<Row>, done: (rowCount: number) => Promise<void>) {
  let rowCount = 0;
  for await (const row of rows) {
    rowCount += 1;
    yield row;
  }
  await done(rowCount);
}
