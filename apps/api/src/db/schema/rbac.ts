import { bigint, boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn, timestamps } from './columns.js';
import { users } from './users.js';

// Role-based access (spec 7): platform's tables (platform/rbac), imported only by platform/.

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
