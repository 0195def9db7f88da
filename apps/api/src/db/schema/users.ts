import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn, timestamps } from './columns.js';

/** Staff users of the back office (spec 7 `users*`); members are `person_users`. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    /** Lower-case; unique among users not deleted. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** E.164, for PINs by SMS. */
    phoneNumber: text('phone_number'),
    /** `SMS` | `EMAIL`: how the sign-in PIN goes. */
    twoFactorMethod: text('two_factor_method', { enum: ['SMS', 'EMAIL'] })
      .notNull()
      .default('EMAIL'),
    /** argon2id; null until the user sets a password through their link. */
    passwordHash: text('password_hash'),
    passwordChangedAt: at('password_changed_at'),
    /** Inactive users cannot sign in. */
    active: boolean('active').notNull().default(true),
    lastSignInAt: at('last_sign_in_at'),
    /** Consecutive failed sign-ins; reset on success. */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    /** Deleted users keep their row (audit and task references); they are hidden everywhere. */
    deletedAt: at('deleted_at'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email).where(sql`${table.deletedAt} is null`)],
);
