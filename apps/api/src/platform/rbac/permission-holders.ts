import { eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/rbac.js';

/*
 * Who holds a permission through their roles (platform's RBAC tables, spec 7): for the domains that
 * pick staff users by what they may do (claim assignees, issue 36 item 4), which never read the
 * RBAC tables themselves (issue 35 item 1).
 */

/**
 * The ids of the users holding permission `name` (e.g. `claims.review`) through a role, or holding
 * a super-admin role (which holds every permission); distinct, in no order. Says nothing of whether
 * a user is active or deleted: the users module decides that.
 */
export async function userIdsHoldingPermission(db: Database, name: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(or(eq(roles.superAdmin, true), eq(permissions.name, name)));
  return rows.map((row) => row.userId);
}
