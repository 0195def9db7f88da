import { isPermission, type Permission } from '@bcp/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { permissions, rolePermissions, roles, userRoles, users } from '../../db/schema/index.js';

/** What a staff user may do right now (read from the database; the admin guard caches it, decision 029). */
export interface StaffAccess {
  userId: number;
  email: string;
  active: boolean;
  /** Holds the super-admin role: every permission. */
  superAdmin: boolean;
  permissions: ReadonlySet<Permission>;
}

/**
 * Loads a staff user's permissions through their roles (two small queries). The admin guard keeps
 * the answer in the staff sessions cache (decision 029), which every change of roles or permissions
 * empties, so a change takes effect on the next request. Undefined for an unknown or deleted user.
 */
export async function loadStaffAccess(db: Database, userId: number): Promise<StaffAccess | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email, active: users.active })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return undefined;
  const rows = await db
    .select({ superAdmin: roles.superAdmin, permission: permissions.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  const superAdmin = rows.some((row) => row.superAdmin);
  const granted = new Set<Permission>();
  for (const row of rows) if (row.permission && isPermission(row.permission)) granted.add(row.permission);
  return { userId: user.id, email: user.email, active: user.active, superAdmin, permissions: granted };
}

/** Whether `access` includes `permission` (the super-admin role includes every one). */
export function hasPermission(
  access: Pick<StaffAccess, 'superAdmin' | 'permissions'>,
  permission: Permission,
): boolean {
  return access.superAdmin || access.permissions.has(permission);
}

/** Every permission `access` includes, sorted (the super-admin role: the code's whole list). */
export function grantedPermissions(
  access: Pick<StaffAccess, 'superAdmin' | 'permissions'>,
  all: readonly Permission[],
): Permission[] {
  return all.filter((permission) => hasPermission(access, permission));
}
