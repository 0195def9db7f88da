import { isPermission, type Permission } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/rbac.js';
import { handedOver } from '../wiring/handed-over.js';

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
 * A staff user's id, email and active flag, undefined for an unknown or deleted user. Staff users
 * are the users module's table, which platform does not read (issue 35): users gives this lookup
 * at start-up (`useStaffAccounts`, from its module's `install`).
 */
export type StaffAccountLookup = (
  db: Database,
  userId: number,
) => Promise<{ id: number; email: string; active: boolean } | undefined>;

const staffAccounts = handedOver<StaffAccountLookup>(
  'the users module has not given platform/rbac its staff-user lookup',
);

/** Gives staff access its lookup of staff users; the users module calls it at start-up. */
export function useStaffAccounts(lookup: StaffAccountLookup): void {
  staffAccounts.give(lookup);
}

/**
 * Loads a staff user's permissions through their roles (two small queries). The admin guard keeps
 * the answer in the staff sessions cache (decision 029), which every change of roles or permissions
 * empties, so a change takes effect on the next request. Undefined for an unknown or deleted user.
 * @throws Error when the users module has not given its lookup (`useStaffAccounts`; a wiring mistake)
 */
export async function loadStaffAccess(db: Database, userId: number): Promise<StaffAccess | undefined> {
  const user = await staffAccounts.take()(db, userId);
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
