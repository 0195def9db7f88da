import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { roles, userRoles } from '../../db/schema/rbac.js';

/*
 * Which roles each staff user holds (platform's `user_roles`, spec 7): the users module gives and
 * takes roles through these functions and never reads the RBAC tables itself (issue 35 item 1).
 */

/** A role as a user's list shows it. */
export interface HeldRole {
  id: number;
  name: string;
}

/** The roles of each of `userIds` by name (every id is a key; a user without roles has `[]`). */
export async function rolesOfUsers(db: Database, userIds: readonly number[]): Promise<Map<number, HeldRole[]>> {
  const byUser = new Map<number, HeldRole[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, [...userIds]))
    .orderBy(asc(roles.name));
  for (const row of rows) byUser.get(row.userId)?.push({ id: row.id, name: row.name });
  return byUser;
}

/** The ids of the users holding role `roleId` (deleted users hold none). */
export async function userIdsWithRole(db: Database, roleId: number): Promise<number[]> {
  const rows = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return rows.map((row) => row.id);
}

/** The ids of `roleIds` that name no role. */
export async function unknownRoleIds(db: Database, roleIds: readonly number[]): Promise<number[]> {
  if (roleIds.length === 0) return [];
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.id, [...roleIds]));
  return roleIds.filter((id) => !found.some((row) => row.id === id));
}

/** Gives user `userId` exactly the roles `roleIds` (duplicates ignored); run it in the change's transaction. */
export async function replaceUserRoles(db: Database, userId: number, roleIds: readonly number[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) await db.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
}
