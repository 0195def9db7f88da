import type { SortTerm } from '@bcp/contract';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { permissions, rolePermissions, roles } from '../../db/schema/rbac.js';
import { orderBy, searchCondition } from '../lists/list-page.js';

/*
 * The permissions the server knows (platform's `permissions`, copied from the code by
 * `syncPermissions`, spec 7): the permissions module lists them and removes the ones the code has
 * dropped through these functions, and never reads the RBAC tables itself (issue 35 item 1).
 */

/** A known permission: `name` is `<resource>.<action>`; `createdAt` a UTC instant. */
export type PermissionRecord = typeof permissions.$inferSelect;

/** A permission with how many roles give it. */
export interface PermissionWithRoleCount {
  id: number;
  name: string;
  roleCount: number;
}

/** The fields a list of permissions sorts by. */
export type PermissionSortField = 'id' | 'name';

function permissionSearch(q: string | undefined) {
  return searchCondition(q, [permissions.name]);
}

/**
 * One page of permissions with their role counts: those whose name `q` finds (case-insensitive;
 * all when empty), ordered by `sort` then id, `window.limit` rows after skipping `window.offset`.
 */
export async function listPermissionsWithRoleCounts(
  db: Database,
  query: { q?: string | undefined; sort: readonly SortTerm<PermissionSortField>[] },
  window: { limit: number; offset: number },
): Promise<PermissionWithRoleCount[]> {
  const columns = { id: permissions.id, name: permissions.name };
  return db
    .select({ id: permissions.id, name: permissions.name, roleCount: count(rolePermissions.roleId) })
    .from(permissions)
    .leftJoin(rolePermissions, eq(rolePermissions.permissionId, permissions.id))
    .where(permissionSearch(query.q))
    .groupBy(permissions.id, permissions.name)
    .orderBy(...orderBy(query.sort, columns, permissions.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many permissions `q` finds (as `listPermissionsWithRoleCounts`). */
export async function countPermissions(db: Database, q: string | undefined): Promise<number> {
  return db.$count(permissions, permissionSearch(q));
}

/** The permission `id`, undefined when there is none. */
export async function findPermissionRecord(db: Database, id: number): Promise<PermissionRecord | undefined> {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id));
  return row;
}

/** The names of the roles that give permission `permissionId` (empty when none), in no particular order. */
export async function roleNamesGivingPermission(db: Database, permissionId: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(eq(rolePermissions.permissionId, permissionId));
  return rows.map((row) => row.name);
}

/**
 * Deletes permission `id`; nothing when there is no such permission.
 * @throws the database's foreign-key violation while a role gives it (check `roleNamesGivingPermission` first)
 */
export async function deletePermissionRecord(db: Database, id: number): Promise<void> {
  await db.delete(permissions).where(eq(permissions.id, id));
}
