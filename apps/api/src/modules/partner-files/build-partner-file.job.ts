import { PassThrough, Readable } from 'node:stream';
import { PARTNER_FILE_COLUMNS } from '@bcp/contract';
import { stringify } from 'csv-stringify';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { safeRow } from '../../platform/exports/safe-cell.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { type PersonToTrace, personsToTrace } from '../../queries/persons-to-trace.js';
import { findPartnerFile, markPartnerFileFailed, markPartnerFileReady } from './partner-files.repository.js';

/** The job queue that builds partner files. */
export const PARTNER_FILE_QUEUE = 'partner-file-build';
/** Folder of the private file store holding partner files. */
export const PARTNER_FILES_FOLDER = 'partner-files';
/** A partner file is never larger than this (bytes). */
const MAX_BYTES = 500 * 1024 * 1024;

/** A person's cells, each made inert (`safeCell`): names, fund and member number come from fund files. */
const cellsOf = (person: PersonToTrace) =>
  safeRow([person.idNumber, person.firstName, person.lastName, person.dateOfBirth, person.fund, person.memberNumber]);

/** Streams the rows as CSV into the file store; returns the stored file and the row count. */
async function storeCsv(files: FileStore, rows: AsyncGenerator<PersonToTrace>) {
  let count = 0;
  const cells = Readable.from(
    (async function* () {
      for await (const row of rows) {
        count += 1;
        yield cellsOf(row);
      }
    })(),
  );
  const csv = cells.pipe(stringify({ header: true, columns: [...PARTNER_FILE_COLUMNS] }));
  cells.on('error', (error) => csv.destroy(error));
  const stored = await files.put(PARTNER_FILES_FOLDER, csv, MAX_BYTES);
  return { stored, count };
}

/** Streams the rows as XLSX (one sheet, ID numbers as text) into the file store. */
async function storeXlsx(files: FileStore, rows: AsyncGenerator<PersonToTrace>) {
  const output = new PassThrough();
  const storing = files.put(PARTNER_FILES_FOLDER, output, MAX_BYTES);
  // exceljs loads at the first partner file, not at the server's start.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output });
  const sheet = workbook.addWorksheet('To trace');
  sheet.addRow([...PARTNER_FILE_COLUMNS]).commit();
  let count = 0;
  try {
    for await (const row of rows) {
      count += 1;
      sheet.addRow(cellsOf(row)).commit();
    }
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    output.destroy(error as Error);
  }
  return { stored: await storing, count };
}

/**
 * Builds a partner file (queue `partner-file-build`, issue 17): the persons of the partner's funds
 * who still need tracing, streamed page by page into CSV or XLSX in the private file store; the
 * file becomes `ready` with its row count (audited `partners.file_generated`), or `failed`.
 */
export async function buildPartnerFile(deps: { db: Database; files: FileStore }, fileId: number): Promise<void> {
  const { db } = deps;
  const file = await findPartnerFile(db, fileId);
  if (file?.status !== 'queued') return;
  try {
    const rows = personsToTrace(db, file.partnerId);
    const { stored, count } =
      file.format === 'csv' ? await storeCsv(deps.files, rows) : await storeXlsx(deps.files, rows);
    await db.transaction(async (tx) => {
      await markPartnerFileReady(tx as unknown as Database, fileId, { rowCount: count, storedName: stored.storedName });
      await recordAudit(tx as unknown as Database, {
        actor: { type: 'system', label: PARTNER_FILE_QUEUE },
        action: 'partners.file_generated',
        entityType: 'partners',
        entityId: file.partnerId,
        after: { fileId, format: file.format, rowCount: count },
      });
    });
  } catch (error) {
    await markPartnerFileFailed(db, fileId, (error as Error).message);
  }
}
