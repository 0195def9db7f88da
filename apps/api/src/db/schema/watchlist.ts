import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';

/**
 * The watchlist (issue 21 item 3, decision 035): someone whose search found no benefits asks to be
 * told by SMS or email if money turns up for that ID number. The ID number is kept only as a keyed
 * hash (HMAC-SHA256 with the app secret), the unsubscribe token only as a SHA-256 hash. Rows are
 * deleted by the purge job once `expiresAt` has passed (unconfirmed: a day; confirmed: a year;
 * unsubscribed: 30 days).
 */
export const watchlistEntries = pgTable(
  'watchlist_entries',
  {
    id: idColumn(),
    /** HMAC-SHA256 (app secret) of the 13-digit ID number, hex. */
    idNumberHash: text('id_number_hash').notNull(),
    channel: text('channel', { enum: ['SMS', 'EMAIL'] }).notNull(),
    /** E.164 number or lower-case email: needed to send; deleted with the row. */
    destination: text('destination').notNull(),
    /** The consent text the person accepted, word for word. */
    consentText: text('consent_text').notNull(),
    consentedAt: at('consented_at').notNull(),
    /** When the PIN sent to the destination was entered (until then nothing is sent but the PIN). */
    confirmedAt: at('confirmed_at'),
    unsubscribedAt: at('unsubscribed_at'),
    /** Random value the unsubscribe token is derived from (HMAC with the app secret). */
    tokenNonce: text('token_nonce').notNull(),
    /** SHA-256 of the unsubscribe token, hex: the link's token is looked up by it. */
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    /** The last accepted upload this entry was told of (one message per upload). */
    lastNotifiedUploadId: bigint('last_notified_upload_id', { mode: 'number' }),
    notifiedAt: at('notified_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The purge job deletes the row after this. */
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('watchlist_entries_id_destination_unique').on(table.idNumberHash, table.channel, table.destination),
    uniqueIndex('watchlist_entries_unsubscribe_token_unique').on(table.unsubscribeTokenHash),
    // The accept job looks up the watched ID numbers that are confirmed and not unsubscribed.
    index('watchlist_entries_active_idx')
      .on(table.idNumberHash)
      .where(sql`${table.confirmedAt} is not null and ${table.unsubscribedAt} is null`),
    index('watchlist_entries_expires_idx').on(table.expiresAt),
  ],
);
