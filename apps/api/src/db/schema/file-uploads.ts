import { FILE_UPLOAD_STATUSES, FILE_UPLOAD_TYPES } from '@bcp/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';
import { funds } from './funds.js';
import { users } from './users.js';

/**
 * A file a fund (or its tracing partner, or its administrator) delivered (issue 16): its type, the
 * column mapping, the file in the private file store (folder `file-uploads`, with its SHA-256),
 * and how far reading, checking and loading it got. The demo seed's direct import records
 * `imported` rows (no file kept, no uploader).
 */
export const fileUploads = pgTable(
  'file_uploads',
  {
    id: idColumn(),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    /** The file type (`FILE_UPLOAD_TYPES`). */
    kind: text('kind', { enum: FILE_UPLOAD_TYPES }).notNull(),
    /** The name the file had on the uploader's machine; null until uploaded. */
    fileName: text('file_name'),
    /** `FILE_UPLOAD_STATUSES`, or `imported` for the demo seed's direct import. */
    status: text('status', { enum: [...FILE_UPLOAD_STATUSES, 'imported'] }).notNull(),
    /** Target field key -> the file's column header. */
    mapping: jsonb('mapping').$type<Record<string, string>>(),
    /** Stored name in the private file store (never a path or URL). */
    storedName: text('stored_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Hex SHA-256 of the file: the same file for the same fund again is refused (409). */
    sha256: text('sha256'),
    uploadedByUserId: bigint('uploaded_by_user_id', { mode: 'number' }).references(() => users.id),
    /** Data rows of the file (header excluded), known once it is read. */
    rowCount: integer('row_count').notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    /** Rows refused (an `error` finding). */
    errorCount: integer('error_count').notNull().default(0),
    /** Rows kept with a `warning` finding. */
    warningCount: integer('warning_count').notNull().default(0),
    failureReason: text('failure_reason'),
    /** Who accepted or rejected the file, and the accept note or reject reason. */
    decidedByUserId: bigint('decided_by_user_id', { mode: 'number' }).references(() => users.id),
    decisionNote: text('decision_note'),
    ...timestamps(),
  },
  (table) => [
    index('file_uploads_fund_idx').on(table.fundId),
    index('file_uploads_uploaded_by_idx').on(table.uploadedByUserId),
    index('file_uploads_decided_by_idx').on(table.decidedByUserId),
    index('file_uploads_fund_sha256_idx').on(table.fundId, table.sha256),
  ],
);

/** The column mapping a fund saved for its next file of a type (issue 16 rule 2). */
export const fileUploadMappings = pgTable(
  'file_upload_mappings',
  {
    id: idColumn(),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    kind: text('kind', { enum: FILE_UPLOAD_TYPES }).notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('file_upload_mappings_fund_kind_idx').on(table.fundId, table.kind)],
);

/**
 * The staging table of an upload (issue 16 rule 5): one row per data row of the file, with the
 * values read from it (by target field key, normalised: `amountCents`, 13-digit `idNumber`, ...),
 * its findings (`RowFinding[]`) and its cells as in the file (for the errors download). Nothing
 * touches persons or benefits until the upload is accepted.
 */
export const fileUploadRows = pgTable(
  'file_upload_rows',
  {
    id: idColumn(),
    fileUploadId: bigint('file_upload_id', { mode: 'number' })
      .notNull()
      .references(() => fileUploads.id),
    /** 1-based line in the file (the header is line 1). */
    line: integer('line').notNull(),
    /** An `error` finding: the row is not loaded on accept. */
    refused: boolean('refused').notNull(),
    values: jsonb('values').$type<Record<string, string | number | null>>().notNull(),
    findings: jsonb('findings').$type<{ level: 'error' | 'warning'; field: string; message: string }[]>().notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (table) => [
    index('file_upload_rows_upload_line_idx').on(table.fileUploadId, table.line),
    // A person's source rows, across uploads (issue 18 `benefits/person/source/{id}`).
    index('file_upload_rows_id_number_idx').on(sql`(${table.values}->>'id_number')`),
  ],
);
