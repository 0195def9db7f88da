import type { SortTerm } from '@bcp/contract';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/rbac.js';
import { orderBy, searchCondition } from '../lists/list-page.js';

/*
 * The roles and the permissions each gives (platform's `roles` and `role_permissions`, spec 7): the
 * roles module keeps its rules (escalation, the fixed super-admin role, roles in use) and reads and
 * writes the RBAC tables only through these functions (issue 35 item 1). `db` may be a transaction.
 */

/** A role as stored: `superAdmin` is the fixed role with every permission; times are UTC instants. */
export type RoleRecord = typeof roles.$inferSelect;

/** The fields a list of roles sorts by. */
export type RoleSortField = 'id' | 'name' | 'createdAt';

/** The role `id`, undefined when there is none. */
export async function findRoleRecord(db: Database, id: number): Promise<RoleRecord | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
}

/** The roles of `ids` that exist, in no particular order. */
export async function roleRecordsByIds(db: Database, ids: readonly number[]): Promise<RoleRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(roles)
    .where(inArray(roles.id, [...ids]));
}

/** The condition of `q` searching roles: name and description, case-insensitively. */
function roleSearch(q: string | undefined) {
  return searchCondition(q, [roles.name, roles.description]);
}

/**
 * One page of roles: those `q` finds (name and description, case-insensitive; every role when
 * empty) ordered by `sort` then id, `window.limit` rows after skipping `window.offset`.
 */
export async function listRoleRecords(
  db: Database,
  query: { q?: string | undefined; sort: readonly SortTerm<RoleSortField>[] },
  window: { limit: number; offset: number },
): Promise<RoleRecord[]> {
  const columns = { id: roles.id, name: roles.name, createdAt: roles.createdAt };
  return db
    .select()
    .from(roles)
    .where(roleSearch(query.q))
    .orderBy(...orderBy(query.sort, columns, roles.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many roles `q` finds (as `listRoleRecords`). */
export async function countRoleRecords(db: Database, q: string | undefined): Promise<number> {
  return db.$count(roles, roleSearch(q));
}

/** The permission names each of `roleIds` gives, one pair per grant (the super-admin role's are implicit, not stored). */
export async function permissionNamesOfRoles(
  db: Database,
  roleIds: readonly number[],
): Promise<{ roleId: number; name: string }[]> {
  if (roleIds.length === 0) return [];
  return db
    .select({ roleId: rolePermissions.roleId, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, [...roleIds]));
}

/** How many users hold each of `roleIds`; a role no one holds is missing from the answer. */
export async function holderCountsOfRoles(
  db: Database,
  roleIds: readonly number[],
): Promise<{ roleId: number; users: number }[]> {
  if (roleIds.length === 0) return [];
  return db
    .select({ roleId: userRoles.roleId, users: count() })
    .from(userRoles)
    .where(inArray(userRoles.roleId, [...roleIds]))
    .groupBy(userRoles.roleId);
}

/** The id of the role named exactly `name` (other than `exceptId` when given), undefined when none. */
export async function roleIdNamed(db: Database, name: string, exceptId?: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), exceptId === undefined ? undefined : ne(roles.id, exceptId)));
  return row?.id;
}

/**
 * Stores a new role (not the super-admin one) without permissions.
 * @throws the database's unique violation when the name is taken (check with `roleIdNamed` first)
 */
export async function insertRole(db: Database, fields: { name: string; description: string }): Promise<RoleRecord> {
  const [row] = await db.insert(roles).values({ name: fields.name, description: fields.description }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes the given fields of role `id` and its `updatedAt` (now); undefined when there is no such role. */
export async function updateRoleRecord(
  db: Database,
  id: number,
  fields: { name?: string | undefined; description?: string | undefined },
): Promise<RoleRecord | undefined> {
  const [row] = await db
    .update(roles)
    .set({
      ...(fields.name === undefined ? {} : { name: fields.name }),
      ...(fields.description === undefined ? {} : { description: fields.description }),
      updatedAt: new Date(),
    })
    .where(eq(roles.id, id))
    .returning();
  return row;
}

/**
 * Deletes role `id` and its grants of permissions (cascade); nothing when there is no such role.
 * @throws the database's foreign-key violation while a user holds it (check `holderCountsOfRoles` first)
 */
export async function deleteRoleRecord(db: Database, id: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}

/**
 * Makes role `roleId` give exactly the permissions named `names` (duplicates ignored; a name the
 * `permissions` table does not have is skipped). Run it in the change's transaction.
 */
export async function replaceRolePermissions(db: Database, roleId: number, names: readonly string[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (names.length === 0) return;
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...new Set(names)]));
  if (rows.length > 0) await db.insert(rolePermissions).values(rows.map((row) => ({ roleId, permissionId: row.id })));
}
