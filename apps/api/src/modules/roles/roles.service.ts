import {
  type CreateRoleRequest,
  isPermission,
  type ListQuery,
  type ListResponse,
  PERMISSIONS,
  type Permission,
  type RoleResponse,
  type UpdateRoleRequest,
} from '@bcp/contract';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage, orderBy, searchCondition } from '../../platform/lists/list-page.js';

type RoleRecord = typeof roles.$inferSelect;

export const ROLE_MESSAGES = {
  notFound: 'No such role.',
  nameTaken: 'A role with this name exists.',
  superAdminFixed: 'The super-admin role always has every permission; it cannot be changed or deleted.',
  inUse: (users: number) => `This role is given to ${users} user(s). Take it from them first.`,
} as const;

async function describeRoles(db: Database, rows: RoleRecord[]): Promise<RoleResponse[]> {
  const ids = rows.map((row) => row.id);
  const granted =
    ids.length === 0
      ? []
      : await db
          .select({ roleId: rolePermissions.roleId, name: permissions.name })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(inArray(rolePermissions.roleId, ids));
  const holders =
    ids.length === 0
      ? []
      : await db
          .select({ roleId: userRoles.roleId, users: count() })
          .from(userRoles)
          .where(inArray(userRoles.roleId, ids))
          .groupBy(userRoles.roleId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    superAdmin: row.superAdmin,
    permissions: row.superAdmin
      ? [...PERMISSIONS].sort()
      : granted
          .filter((grant) => grant.roleId === row.id)
          .map((grant) => grant.name)
          .filter(isPermission)
          .sort(),
    userCount: holders.find((holder) => holder.roleId === row.id)?.users ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function findRole(db: Database, id: number): Promise<RoleRecord> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  if (!row) throw new AppError('not_found', ROLE_MESSAGES.notFound);
  return row;
}

async function describeRole(db: Database, row: RoleRecord): Promise<RoleResponse> {
  const [response] = await describeRoles(db, [row]);
  return response as RoleResponse;
}

/** Roles in the list envelope (spec 7 `GET roles`): `q` searches name and description. */
export async function listRoles(
  db: Database,
  query: ListQuery<'id' | 'name' | 'createdAt'>,
): Promise<ListResponse<RoleResponse>> {
  const where = searchCondition(query.q, [roles.name, roles.description]);
  const columns = { id: roles.id, name: roles.name, createdAt: roles.createdAt };
  let described = new Map<number, RoleResponse>();
  return listPage(query, {
    rows: async (window) => {
      const rows = await db
        .select()
        .from(roles)
        .where(where)
        .orderBy(...orderBy(query.sort, columns, roles.id))
        .limit(window.limit)
        .offset(window.offset);
      described = new Map((await describeRoles(db, rows)).map((role) => [role.id, role]));
      return rows;
    },
    count: async () => db.$count(roles, where),
    toItem: (row) => described.get(row.id) as RoleResponse,
  });
}

/**
 * One role with its permissions (spec 7 `GET roles/{id}`).
 * @throws AppError `not_found` (404)
 */
export async function getRole(db: Database, id: number): Promise<RoleResponse> {
  return describeRole(db, await findRole(db, id));
}

async function assertNameFree(db: Database, name: string, exceptId?: number): Promise<void> {
  const [other] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), exceptId === undefined ? undefined : ne(roles.id, exceptId)));
  if (other) throw new AppError('validation', ROLE_MESSAGES.nameTaken, { name: [ROLE_MESSAGES.nameTaken] });
}

async function setPermissions(db: Database, roleId: number, names: readonly Permission[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (names.length === 0) return;
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...new Set(names)]));
  if (rows.length > 0) await db.insert(rolePermissions).values(rows.map((row) => ({ roleId, permissionId: row.id })));
}

function auditFields(role: RoleResponse): Record<string, unknown> {
  return { name: role.name, description: role.description, permissions: role.permissions };
}

/**
 * Creates a role with permissions (spec 7 `POST roles`); audited `roles.created`.
 * @throws AppError `validation` (422) name taken
 */
export async function createRole(
  db: Database,
  input: z.output<typeof CreateRoleRequest>,
  context: AuditContext,
): Promise<RoleResponse> {
  await assertNameFree(db, input.name);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(roles).values({ name: input.name, description: input.description }).returning();
    if (!row) throw new Error('insert returned no row');
    await setPermissions(tx, row.id, input.permissions);
    const response = await describeRole(tx, row);
    await recordAudit(tx, {
      ...context,
      action: 'roles.created',
      entityType: 'roles',
      entityId: row.id,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Changes a role (spec 7 `PATCH roles/{id}`); `permissions` replaces the role's, effective on the
 * next request of every holder. Audited `roles.updated`.
 * @throws AppError `not_found` (404); `validation` (422) name taken; `conflict` (409) the super-admin role
 */
export async function updateRole(
  db: Database,
  id: number,
  input: z.output<typeof UpdateRoleRequest>,
  context: AuditContext,
): Promise<RoleResponse> {
  const role = await findRole(db, id);
  if (role.superAdmin) throw new AppError('conflict', ROLE_MESSAGES.superAdminFixed);
  if (input.name !== undefined) await assertNameFree(db, input.name, id);
  const before = auditFields(await describeRole(db, role));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(roles)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description }),
        updatedAt: new Date(),
      })
      .where(eq(roles.id, id))
      .returning();
    if (!row) throw new AppError('not_found', ROLE_MESSAGES.notFound);
    if (input.permissions) await setPermissions(tx, id, input.permissions);
    const response = await describeRole(tx, row);
    await recordAudit(tx, {
      ...context,
      action: 'roles.updated',
      entityType: 'roles',
      entityId: id,
      before,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Deletes a role no user holds (spec 7 `DELETE roles/{id}`); audited `roles.deleted`.
 * @throws AppError `not_found` (404); `conflict` (409) the super-admin role, or a role still given to users
 */
export async function deleteRole(db: Database, id: number, context: AuditContext): Promise<void> {
  const role = await findRole(db, id);
  if (role.superAdmin) throw new AppError('conflict', ROLE_MESSAGES.superAdminFixed);
  const described = await describeRole(db, role);
  if (described.userCount > 0) throw new AppError('conflict', ROLE_MESSAGES.inUse(described.userCount));
  await db.transaction(async (tx) => {
    await tx.delete(roles).where(eq(roles.id, id));
    await recordAudit(tx, {
      ...context,
      action: 'roles.deleted',
      entityType: 'roles',
      entityId: id,
      before: auditFields(described),
    });
  });
}

/** The id of a role by name (demo data and the admin command). */
export async function findRoleIdByName(db: Database, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row?.id;
}
