import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';

/**
 * What "Is this message from us?" answers from (issue 21 item 4, decision 033): one row per email
 * or SMS sent, kept after its outbox row (which holds the text) is purged. Only the code, a keyed
 * hash of the destination, the channel, a coarse kind and the time: never the content.
 */
export const messageReferences = pgTable(
  'message_references',
  {
    id: idColumn(),
    /** 8 characters of Crockford's base 32, as in the message (without the hyphen). */
    referenceCode: text('reference_code').notNull(),
    /** HMAC-SHA256 (app secret) of the normalized destination (E.164 or lower-case email), hex. */
    destinationHash: text('destination_hash').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** `MESSAGE_KINDS` key: pin, account, bankAccount, notification, invitation, other. */
    kind: text('kind').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('message_references_reference_code_idx').on(table.referenceCode),
    // The purge deletes by age (RETENTION_MESSAGE_REFERENCES_HOURS) without reading the whole table.
    index('message_references_created_at_idx').on(table.createdAt),
  ],
);
