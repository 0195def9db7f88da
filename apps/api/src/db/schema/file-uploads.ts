import { FILE_UPLOAD_STATUSES, FILE_UPLOAD_TYPES } from '@bcp/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    // The same file for the same fund again is refused (409), also when two uploads race.
    uniqueIndex('file_uploads_fund_sha256_idx').on(table.fundId, table.sha256),
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
 * The staging table of uploads (issue 16 rule 5; decision 023): one row per data row of a file,
 * loaded with `COPY` by the validation job, with the values read from it in typed columns
 * (normalised: 13-digit ID number, cents, dates; a column per target field of any type, null when
 * the type has no such field or the cell was empty or unusable) and its findings. `findings` is null
 * for a row without any. Nothing touches persons or benefits until the upload is accepted; the
 * refused rows' cells are read again from the stored file for the errors download.
 */
export const fileUploadRows = pgTable(
  'file_upload_rows',
  {
    fileUploadId: bigint('file_upload_id', { mode: 'number' })
      .notNull()
      .references(() => fileUploads.id),
    /** 1-based line in the file (the header is line 1; a record spanning lines counts once). */
    line: integer('line').notNull(),
    /** An `error` finding: the row is not loaded on accept. */
    refused: boolean('refused').notNull(),
    findings: jsonb('findings').$type<{ level: 'error' | 'warning'; field: string; message: string }[]>(),
    idNumber: text('id_number'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    memberNumber: text('member_number'),
    benefitType: text('benefit_type'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    email: text('email'),
    phoneNumber: text('phone_number'),
    dateOfExit: date('date_of_exit', { mode: 'string' }),
    /** Read from the ID number: what a new person needs. */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender', { enum: ['female', 'male'] }),
    claimReference: text('claim_reference'),
    paymentReference: text('payment_reference'),
    paidOn: date('paid_on', { mode: 'string' }),
  },
  (table) => [
    primaryKey({ columns: [table.fileUploadId, table.line] }),
    // The findings of GET file-uploads/{id} and the refused rows of the errors download.
    index('file_upload_rows_findings_idx')
      .on(table.fileUploadId, table.refused, table.line)
      .where(sql`${table.findings} is not null`),
    // A person's source rows, across uploads (issue 18 `benefits/person/source/{id}`): looked up by
    // equality only, so a hash index, which a large file's COPY fills about a quarter faster than
    // a B-tree of random ID numbers (decision 084).
    index('file_upload_rows_id_number_idx').using('hash', table.idNumber),
  ],
);
