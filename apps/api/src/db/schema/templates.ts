import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';

/**
 * Templates staff write in Liquid (issue 7): FAQ answers, emails, SMSes, push notifications and
 * statements. A template with a `key` replaces the built-in message of that key and kind (e.g. the
 * OTP SMS); at most one per kind and key.
 */
export const templates = pgTable(
  'templates',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** `faq_answer` | `email` | `sms` | `push` | `statement` */
    kind: text('kind', { enum: ['faq_answer', 'email', 'sms', 'push', 'statement'] }).notNull(),
    /** The built-in message it replaces, e.g. `otp`; null for a free-standing template. */
    key: text('key'),
    /** Email subject or notification title (kinds that have one). */
    subject: text('subject'),
    /** Liquid. */
    body: text('body').notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('templates_name_unique').on(table.name),
    uniqueIndex('templates_kind_key_unique').on(table.kind, table.key).where(sql`${table.key} is not null`),
    index('templates_kind_idx').on(table.kind),
  ],
);
