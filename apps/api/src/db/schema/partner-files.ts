import { PARTNER_FILE_FORMATS, PARTNER_FILE_STATUSES } from '@bcp/contract';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, idColumn, timestamps } from './columns.js';
import { partners } from './partners.js';
import { users } from './users.js';

/**
 * A file of persons to trace, generated for a tracing partner (spec 7 `file-download*`, issue 17),
 * kept in the private file store (folder `partner-files`) until it expires.
 */
export const partnerFiles = pgTable(
  'partner_files',
  {
    id: idColumn(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    format: text('format', { enum: PARTNER_FILE_FORMATS }).notNull(),
    status: text('status', { enum: PARTNER_FILE_STATUSES }).notNull().default('queued'),
    rowCount: integer('row_count').notNull().default(0),
    storedName: text('stored_name'),
    failureReason: text('failure_reason'),
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }).references(() => users.id),
    /** The download link works until then. */
    expiresAt: at('expires_at').notNull(),
    ...timestamps(),
  },
  (table) => [
    index('partner_files_partner_idx').on(table.partnerId),
    index('partner_files_requested_by_idx').on(table.requestedByUserId),
  ],
);
