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
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { changingStaffAccess } from '../../platform/auth/staff-auth-cache.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage } from '../../platform/lists/list-page.js';
import {
  countRoleRecords,
  deleteRoleRecord,
  findRoleRecord,
  holderCountsOfRoles,
  insertRole,
  listRoleRecords,
  permissionNamesOfRoles,
  type RoleRecord,
  replaceRolePermissions,
  roleIdNamed,
  roleRecordsByIds,
  updateRoleRecord,
} from '../../platform/rbac/roles-store.js';
import { hasPermission, loadStaffAccess, type StaffAccess } from '../../platform/rbac/staff-access.js';

export const ROLE_MESSAGES = {
  notFound: 'No such role.',
  nameTaken: 'A role with this name exists.',
  superAdminFixed: 'The super-admin role always has every permission; it cannot be changed or deleted.',
  inUse: (users: number) => `This role is given to ${users} user(s). Take it from them first.`,
  permissionsNotHeld: (names: string) => `You cannot give permissions you do not hold: ${names}.`,
} as const;

/** What someone giving roles or permissions holds: their permissions, and whether they are a super-admin. */
export type Grantor = Pick<StaffAccess, 'superAdmin' | 'permissions'>;

/** What a role, or a user through their roles, carries. */
export interface Holding {
  superAdmin: boolean;
  permissions: readonly Permission[];
}

const HOLDS_NOTHING: Grantor = { superAdmin: false, permissions: new Set() };

/**
 * What the actor of `context` holds now, read fresh from the database: undefined for the system
 * (the admin command, demo data), which may give anything; nothing at all for an actor who is not a
 * current staff user (fail closed).
 */
export async function loadGrantor(db: Database, context: AuditContext): Promise<Grantor | undefined> {
  const { actor } = context;
  if (actor.type === 'system') return undefined;
  if (actor.type !== 'staff' || !actor.id) return HOLDS_NOTHING;
  return (await loadStaffAccess(db, actor.id)) ?? HOLDS_NOTHING;
}

/**
 * What of `holdings` `grantor` does not hold: the super-admin role (which only a super-admin holds,
 * even beside every permission of the code) and the permissions they lack, sorted. Undefined when
 * they hold it all; a super-admin or the system (`undefined` grantor) holds everything.
 */
export function beyondGrantor(grantor: Grantor | undefined, holdings: readonly Holding[]): Holding | undefined {
  if (!grantor || grantor.superAdmin) return undefined;
  const superAdmin = holdings.some((holding) => holding.superAdmin);
  const permissions = [...new Set(holdings.flatMap((holding) => holding.permissions))]
    .filter((permission) => !hasPermission(grantor, permission))
    .sort();
  return superAdmin || permissions.length > 0 ? { superAdmin, permissions } : undefined;
}

/** A refused escalation: the entity it aimed at (null for a create), why, and what was asked. */
export interface EscalationRefusal {
  entityType: 'users' | 'roles';
  entityId: number | null;
  message: string;
  request: Record<string, unknown>;
}

/**
 * Refuses an attempt to give more than one holds (issue 13 item 6): audits it as
 * `<entityType>.escalation_refused` (the message as `reason`, the request as asked), changes nothing.
 * @throws AppError `forbidden` (403) with `refusal.message`, always
 */
export async function refuseEscalation(
  db: Database,
  context: AuditContext,
  refusal: EscalationRefusal,
): Promise<never> {
  await recordAudit(db, {
    ...context,
    action: `${refusal.entityType}.escalation_refused`,
    entityType: refusal.entityType,
    entityId: refusal.entityId,
    after: { reason: refusal.message, request: refusal.request },
  });
  throw new AppError('forbidden', refusal.message);
}

async function describeRoles(db: Database, rows: RoleRecord[]): Promise<RoleResponse[]> {
  const ids = rows.map((row) => row.id);
  const granted = await permissionNamesOfRoles(db, ids);
  const holders = await holderCountsOfRoles(db, ids);
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
  const row = await findRoleRecord(db, id);
  if (!row) throw new AppError('not_found', ROLE_MESSAGES.notFound);
  return row;
}

async function describeRole(db: Database, row: RoleRecord): Promise<RoleResponse> {
  const [response] = await describeRoles(db, [row]);
  return response as RoleResponse;
}

/** The roles of `ids` that exist, with the permissions each carries (every one for the super-admin role). */
export async function describeRolesById(db: Database, ids: readonly number[]): Promise<RoleResponse[]> {
  if (ids.length === 0) return [];
  return describeRoles(db, await roleRecordsByIds(db, ids));
}

/** Roles in the list envelope (spec 7 `GET roles`): `q` searches name and description. */
export async function listRoles(
  db: Database,
  query: ListQuery<'id' | 'name' | 'createdAt'>,
): Promise<ListResponse<RoleResponse>> {
  let described = new Map<number, RoleResponse>();
  return listPage(query, {
    rows: async (window) => {
      const rows = await listRoleRecords(db, query, window);
      described = new Map((await describeRoles(db, rows)).map((role) => [role.id, role]));
      return rows;
    },
    count: async () => countRoleRecords(db, query.q),
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
  if ((await roleIdNamed(db, name, exceptId)) !== undefined)
    throw new AppError('validation', ROLE_MESSAGES.nameTaken, { name: [ROLE_MESSAGES.nameTaken] });
}

function auditFields(role: RoleResponse): Record<string, unknown> {
  return { name: role.name, description: role.description, permissions: role.permissions };
}

/**
 * Refuses giving a role (`role.id`, null for a new one) permissions its actor does not hold: those of
 * `request.permissions` not already among `role.current`. Taking permissions away is always allowed.
 * @throws AppError `forbidden` (403) audited `roles.escalation_refused`
 */
async function assertMayGivePermissions(
  db: Database,
  context: AuditContext,
  role: { id: number | null; current: readonly Permission[] },
  request: { permissions?: readonly Permission[] | undefined } & Record<string, unknown>,
): Promise<void> {
  const added = (request.permissions ?? []).filter((permission) => !role.current.includes(permission));
  if (added.length === 0) return;
  const beyond = beyondGrantor(await loadGrantor(db, context), [{ superAdmin: false, permissions: added }]);
  if (!beyond) return;
  await refuseEscalation(db, context, {
    entityType: 'roles',
    entityId: role.id,
    message: ROLE_MESSAGES.permissionsNotHeld(beyond.permissions.join(', ')),
    request,
  });
}

/**
 * Creates a role with permissions (spec 7 `POST roles`); audited `roles.created`. Its actor gives
 * only permissions they hold.
 * @throws AppError `forbidden` (403) a permission the actor does not hold (audited
 *   `roles.escalation_refused`); `validation` (422) name taken
 */
export async function createRole(
  db: Database,
  input: z.output<typeof CreateRoleRequest>,
  context: AuditContext,
): Promise<RoleResponse> {
  await assertMayGivePermissions(db, context, { id: null, current: [] }, input);
  await assertNameFree(db, input.name);
  return db.transaction(async (tx) => {
    const row = await insertRole(tx, { name: input.name, description: input.description });
    await replaceRolePermissions(tx, row.id, input.permissions);
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
 * next request of every holder. Audited `roles.updated`. Its actor adds only permissions they
 * hold (to any role, their own included); taking permissions away is always allowed.
 * @throws AppError `not_found` (404); `forbidden` (403) adding a permission the actor does not hold
 *   (audited `roles.escalation_refused`); `validation` (422) name taken; `conflict` (409) the
 *   super-admin role
 */
export async function updateRole(
  db: Database,
  id: number,
  input: z.output<typeof UpdateRoleRequest>,
  context: AuditContext,
): Promise<RoleResponse> {
  const role = await findRole(db, id);
  if (role.superAdmin) throw new AppError('conflict', ROLE_MESSAGES.superAdminFixed);
  const current = await describeRole(db, role);
  await assertMayGivePermissions(db, context, { id, current: current.permissions }, input);
  if (input.name !== undefined) await assertNameFree(db, input.name, id);
  const before = auditFields(current);
  // After the commit, every process drops its cached staff sessions (decision 029).
  return changingStaffAccess(db, () =>
    db.transaction(async (tx) => {
      const row = await updateRoleRecord(tx, id, { name: input.name, description: input.description });
      if (!row) throw new AppError('not_found', ROLE_MESSAGES.notFound);
      if (input.permissions) await replaceRolePermissions(tx, id, input.permissions);
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
    }),
  );
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
    await deleteRoleRecord(tx, id);
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
  return roleIdNamed(db, name);
}
