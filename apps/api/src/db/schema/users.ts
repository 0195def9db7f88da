import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** A named set of permissions (spec 7 `roles*`). */
export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The super-admin role: every permission, cannot be changed or deleted. */
    superAdmin: boolean('super_admin').notNull().default(false),
    ...timestamps(),
  },
  (table) => [uniqueIndex('roles_name_unique').on(table.name)],
);

/** Permissions known to the server: the code's list, copied in at start (spec 7 `permissions`). */
export const permissions = pgTable('permissions', {
  id: idColumn(),
  /** `<resource>.<action>`, unique. */
  name: text('name').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: bigint('permission_id', { mode: 'number' })
      .notNull()
      .references(() => permissions.id),
  },
  (table) => [
    primaryKey({ columns: [table.roleId, table.permissionId] }),
    // The key starts with role_id; "roles holding this permission" needs its own index.
    index('role_permissions_permission_idx').on(table.permissionId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.roleId] }),
    // The key starts with user_id; "users holding this role" needs its own index.
    index('user_roles_role_idx').on(table.roleId),
  ],
);
