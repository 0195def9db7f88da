import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';
import { sessions } from './sessions.js';

/**
 * One-time PINs (DESIGN.md "OTP"): 6 digits, stored only as an HMAC, short-lived, single use,
 * bound to a purpose (and for sign-in to a session), dead after too many wrong entries.
 */
export const oneTimePins = pgTable(
  'one_time_pins',
  {
    id: idColumn(),
    /** `sign_in` | `password_reset` | `destination_change` */
    purpose: text('purpose', {
      enum: ['sign_in', 'password_reset', 'destination_change', 'bank_account_change', 'watchlist'],
    }).notNull(),
    subjectArea: text('subject_area', { enum: ['admin', 'beneficiary'] }).notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    /** The sign-in session this PIN completes (purpose `sign_in`). */
    sessionId: bigint('session_id', { mode: 'number' }).references(() => sessions.id),
    channel: text('channel', { enum: ['SMS', 'EMAIL'] }).notNull(),
    /** Lower-case email or E.164 number the PIN was sent to. */
    destination: text('destination').notNull(),
    /** Hex HMAC-SHA256 of the PIN with the server secret. */
    codeHash: text('code_hash').notNull(),
    /** Wrong entries so far. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    /** A newer PIN for the same purpose replaced this one, or it reached the attempt limit. */
    invalidatedAt: at('invalidated_at'),
  },
  (table) => [
    index('one_time_pins_destination_idx').on(table.destination, table.createdAt),
    index('one_time_pins_subject_idx').on(table.subjectArea, table.subjectId, table.purpose),
    // Ending a session invalidates its PINs.
    index('one_time_pins_session_idx').on(table.sessionId),
  ],
);

/** Short-lived tokens that allow setting a new password (after a reset OTP, or a staff reset link). */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: idColumn(),
  subjectArea: text('subject_area', { enum: ['admin', 'beneficiary'] }).notNull(),
  subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
  /** Hex SHA-256 of the token. */
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});
