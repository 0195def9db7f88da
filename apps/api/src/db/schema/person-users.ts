import { MEMBER_LANGUAGES } from '@bcp/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn, timestamps } from './columns.js';
import { persons } from './persons.js';

/** A member's account (spec section 3 "Person user"), linked to the person with their ID number. */
export const personUsers = pgTable(
  'person_users',
  {
    id: idColumn(),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => persons.id),
    /** Lower-case; unique among accounts. */
    email: text('email'),
    /** Set when an OTP sent to `email` was entered. */
    emailVerifiedAt: at('email_verified_at'),
    /** E.164 (`+27821234567`). */
    phoneNumber: text('phone_number'),
    phoneVerifiedAt: at('phone_verified_at'),
    /** argon2id. */
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: at('password_changed_at'),
    /** `SMS` | `EMAIL` (spec section 9). */
    twoFactorMethod: text('two_factor_method', { enum: ['SMS', 'EMAIL'] }).notNull(),
    /**
     * The language of the member's SMS, email and push messages (decision 036): `en`, `af` or `zu`,
     * recorded at sign-up from the app's language and changed when the member picks another.
     */
    language: text('language', { enum: MEMBER_LANGUAGES }).notNull().default('en'),
    /** The identity provider confirmed this person (spec section 3 `iidentifiiVerified`). */
    iidentifiiVerified: boolean('iidentifii_verified').notNull().default(false),
    iidentifiiVerifiedAt: at('iidentifii_verified_at'),
    /** Consecutive failed sign-ins; reset on success. */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    /** Set after too many consecutive failures: only a password reset unlocks. */
    lockedAt: at('locked_at'),
    termsAcceptedAt: at('terms_accepted_at').notNull(),
    /**
     * Closed on the member's request by staff (issue 18): sessions ended, devices, notifications and
     * contact details removed, the password unusable; claims, payments and the audit trail kept.
     */
    closedAt: at('closed_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('person_users_person_id_unique').on(table.personId),
    uniqueIndex('person_users_email_unique').on(table.email).where(sql`${table.email} is not null`),
  ],
);
