import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';

/**
 * Sign-in sessions of both areas (DESIGN.md "Sessions"): the token is random and only its SHA-256
 * hash is stored; `area` keeps admin and beneficiary tokens apart.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    /** Hex SHA-256 of the bearer token. */
    tokenHash: text('token_hash').notNull(),
    area: text('area', { enum: ['admin', 'beneficiary'] }).notNull(),
    /** person_users.id (beneficiary) or users.id (admin). */
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    /** The OTP of this sign-in was entered. */
    verified: boolean('verified').notNull().default(false),
    verifiedAt: at('verified_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Updated at most once a minute; idle expiry counts from here. */
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** Absolute expiry. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** `logout` | `password_changed` | `deactivated` | ... */
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_subject_idx').on(table.area, table.subjectId),
  ],
);
