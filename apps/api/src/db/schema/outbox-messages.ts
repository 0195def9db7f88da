import { MEMBER_LANGUAGES } from '@bcp/contract';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';

/**
 * Every message the product sends (DESIGN.md "Outbound channels"), recorded before delivery so
 * nothing is lost. In production, secrets in the body (OTPs) are stored redacted.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: idColumn(),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    /** Lower-case email, E.164 number, or push token. */
    destination: text('destination').notNull(),
    /** What the message is for, e.g. `otp.sign_in`, `password.changed`. */
    purpose: text('purpose').notNull(),
    subject: text('subject'),
    /** Plain text body. */
    body: text('body').notNull(),
    /** HTML body (email only). */
    html: text('html'),
    /** `pending` | `sent` | `failed` | `not_configured` (no channel configured: development) */
    status: text('status', { enum: ['pending', 'sent', 'failed', 'not_configured'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Last delivery error (no message content). */
    lastError: text('last_error'),
    /** The person user or staff user it was for, when known. */
    recipientArea: text('recipient_area', { enum: ['admin', 'beneficiary'] }),
    recipientId: bigint('recipient_id', { mode: 'number' }),
    /**
     * The message's reference code (issue 21 item 4, "Is this message from us?"): 8 characters of
     * `REFERENCE_CODE_ALPHABET`, unique, shown in the delivered text as `ABCD-EFGH`. Null for rows
     * recorded before codes existed and for push.
     */
    referenceCode: text('reference_code'),
    /** The language the message is written in (decision 036): the reference line is added in it at delivery. */
    language: text('language', { enum: MEMBER_LANGUAGES }).notNull().default('en'),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (table) => [
    index('outbox_messages_destination_idx').on(table.destination, table.createdAt),
    uniqueIndex('outbox_messages_reference_code_idx').on(table.referenceCode),
  ],
);
