import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';
import { funds } from './funds.js';

/** A file a fund (or its tracing partner) delivered, e.g. a member file of unclaimed benefits. */
export const fileUploads = pgTable(
  'file_uploads',
  {
    id: idColumn(),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    /** `member_file` */
    kind: text('kind', { enum: ['member_file'] }).notNull(),
    fileName: text('file_name').notNull(),
    /** `imported` | `failed` */
    status: text('status', { enum: ['imported', 'failed'] }).notNull(),
    rowCount: integer('row_count').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [index('file_uploads_fund_idx').on(table.fundId)],
);
