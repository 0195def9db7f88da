import {
  type CreateStaffUserRequest,
  type ListQuery,
  type ListResponse,
  PERMISSIONS,
  type StaffMeResponse,
  type StaffUserResponse,
  type UpdateStaffUserRequest,
} from '@bcp/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { revokeSubjectSessions } from '../../platform/auth/sessions.js';
import { changingStaffAccess } from '../../platform/auth/staff-auth-cache.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage } from '../../platform/lists/list-page.js';
import { grantedPermissions, loadStaffAccess } from '../../platform/rbac/staff-access.js';
import {
  type HeldRole,
  replaceUserRoles,
  rolesOfUsers,
  unknownRoleIds,
  userIdsWithRole,
} from '../../platform/rbac/user-roles.js';
import {
  beyondGrantor,
  describeRolesById,
  type Grantor,
  type Holding,
  loadGrantor,
  refuseEscalation,
} from '../roles/index.js';
import {
  findStaffUserByEmail,
  findStaffUserById,
  insertStaffUser,
  markStaffUserDeleted,
  type StaffUserRecord,
  type StaffUserSort,
  staffUserPages,
  updateStaffUserRow,
} from './users.repository.js';

export { findStaffUserByEmail, findStaffUserById, type StaffUserRecord } from './users.repository.js';

type CreateInput = z.output<typeof CreateStaffUserRequest>;
type UpdateInput = z.output<typeof UpdateStaffUserRequest>;
type UserFilter = { active?: boolean | undefined; roleId?: number | undefined };

export const USER_MESSAGES = {
  notFound: 'No such user.',
  emailInUse: 'This email address is used by another staff user.',
  unknownRole: 'No such role.',
  notYourself: 'You cannot deactivate or delete your own account.',
  ownRoles: 'You cannot change your own roles.',
  superAdminRole: 'Only a super-admin can give the super-admin role.',
  roleNotHeld: (names: string) => `You cannot give a role with permissions you do not hold: ${names}.`,
  superAdminUser: 'Only a super-admin can change or delete a super-admin.',
  userNotHeld: (names: string) => `You cannot change or delete a user who holds permissions you do not hold: ${names}.`,
} as const;

/** Where a staff user's PIN goes: their email, or their phone for `SMS`. */
export function staffOtpDestination(user: StaffUserRecord): { channel: 'SMS' | 'EMAIL'; destination: string } {
  if (user.twoFactorMethod === 'SMS' && user.phoneNumber) return { channel: 'SMS', destination: user.phoneNumber };
  return { channel: 'EMAIL', destination: user.email };
}

async function rolesOf(db: Database, userIds: number[]): Promise<Map<number, HeldRole[]>> {
  return rolesOfUsers(db, userIds);
}

function toResponse(user: StaffUserRecord, userRoleList: HeldRole[]): StaffUserResponse {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phoneNumber: user.phoneNumber,
    twoFactorMethod: user.twoFactorMethod,
    active: user.active,
    roles: userRoleList,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** The response shape of one user (with roles). */
export async function toStaffUserResponse(db: Database, user: StaffUserRecord): Promise<StaffUserResponse> {
  return toResponse(user, (await rolesOf(db, [user.id])).get(user.id) ?? []);
}

/** The signed-in user with their roles and every permission they hold now (`otp/verify` answer). */
export async function describeStaffMe(db: Database, user: StaffUserRecord): Promise<StaffMeResponse> {
  const access = await loadStaffAccess(db, user.id);
  const response = await toStaffUserResponse(db, user);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    twoFactorMethod: user.twoFactorMethod,
    roles: response.roles,
    permissions: access ? grantedPermissions(access, PERMISSIONS) : [],
  };
}

/**
 * Staff users in the list envelope (spec 7 `GET users`): `q` searches email and name;
 * `filter[active]`, `filter[roleId]`; sort by id, email, name, createdAt, lastSignInAt.
 */
export async function listStaffUsers(
  db: Database,
  query: ListQuery<StaffUserSort, UserFilter>,
): Promise<ListResponse<StaffUserResponse>> {
  const filter = query.filter ?? {};
  const pages = staffUserPages(
    db,
    {
      active: filter.active,
      userIds: filter.roleId === undefined ? undefined : await userIdsWithRole(db, filter.roleId),
      q: query.q,
    },
    query.sort,
  );
  let pageRoles = new Map<number, HeldRole[]>();
  return listPage(query, {
    rows: async (window) => {
      const rows = await pages.rows(window);
      pageRoles = await rolesOf(
        db,
        rows.map((row) => row.id),
      );
      return rows;
    },
    count: pages.count,
    toItem: (row) => toResponse(row, pageRoles.get(row.id) ?? []),
  });
}

/**
 * One staff user (spec 7 `GET users/{id}`).
 * @throws AppError `not_found` (404)
 */
export async function getStaffUser(db: Database, id: number): Promise<StaffUserResponse> {
  const user = await findStaffUserById(db, id);
  if (!user) throw new AppError('not_found', USER_MESSAGES.notFound);
  return toStaffUserResponse(db, user);
}

async function assertRolesExist(db: Database, roleIds: number[]): Promise<void> {
  const missing = await unknownRoleIds(db, roleIds);
  if (missing.length > 0) {
    throw new AppError('validation', USER_MESSAGES.unknownRole, {
      roleIds: missing.map((id) => `${USER_MESSAGES.unknownRole} (${id})`),
    });
  }
}

async function assertEmailFree(db: Database, email: string, exceptId?: number): Promise<void> {
  const other = await findStaffUserByEmail(db, email);
  if (other && other.id !== exceptId) {
    throw new AppError('validation', USER_MESSAGES.emailInUse, { email: [USER_MESSAGES.emailInUse] });
  }
}

async function setRoles(db: Database, userId: number, roleIds: number[]): Promise<void> {
  await replaceUserRoles(db, userId, roleIds);
}

/** Whether the actor of `context` is the staff user `id`. */
function isActor(context: AuditContext, id: number): boolean {
  return context.actor.type === 'staff' && context.actor.id === id;
}

/** The message refusing `beyond`: `superAdmin` when it includes the super-admin role, else naming the permissions. */
function beyondMessage(beyond: Holding, texts: { superAdmin: string; permissions: (names: string) => string }): string {
  return beyond.superAdmin ? texts.superAdmin : texts.permissions(beyond.permissions.join(', '));
}

/** A change of a staff user's roles or of the user: `user` is undefined for a new one. */
interface UserChange {
  user?: StaffUserRecord | undefined;
  /** The user's roles now (none for a new one). */
  currentRoleIds: readonly number[];
  /** The roles asked for (undefined: unchanged). */
  roleIds?: readonly number[] | undefined;
  request: Record<string, unknown>;
}

/** Why changing `user` is beyond `grantor`: they hold the super-admin role or a permission `grantor` lacks. */
async function outOfReach(db: Database, grantor: Grantor, user: StaffUserRecord): Promise<string | undefined> {
  const target = await loadStaffAccess(db, user.id);
  const beyond =
    target && beyondGrantor(grantor, [{ superAdmin: target.superAdmin, permissions: [...target.permissions] }]);
  return (
    beyond &&
    beyondMessage(beyond, { superAdmin: USER_MESSAGES.superAdminUser, permissions: USER_MESSAGES.userNotHeld })
  );
}

/** Why giving the roles of `change` not held yet is beyond `grantor`: the super-admin role, or a permission it lacks. */
async function rolesBeyond(db: Database, grantor: Grantor, change: UserChange): Promise<string | undefined> {
  const added = (change.roleIds ?? []).filter((roleId) => !change.currentRoleIds.includes(roleId));
  const beyond = beyondGrantor(grantor, await describeRolesById(db, added));
  return (
    beyond &&
    beyondMessage(beyond, { superAdmin: USER_MESSAGES.superAdminRole, permissions: USER_MESSAGES.roleNotHeld })
  );
}

/** Whether `change` asks for other roles than the user has. */
function changesRoles(change: UserChange): boolean {
  const asked = new Set(change.roleIds ?? change.currentRoleIds);
  return asked.size !== change.currentRoleIds.length || change.currentRoleIds.some((roleId) => !asked.has(roleId));
}

/**
 * Refuses a change giving its actor, or anyone, more than the actor holds (issue 13 item 6): nobody
 * changes their own roles; nobody changes or deletes a user holding the super-admin role or a
 * permission they lack; nobody gives a role carrying a permission they lack, and only a super-admin
 * gives the super-admin role. The system (admin command, demo data) may do anything.
 * @throws AppError `forbidden` (403) audited `users.escalation_refused`
 */
async function assertNoEscalation(db: Database, context: AuditContext, change: UserChange): Promise<void> {
  const grantor = await loadGrantor(db, context);
  if (!grantor) return;
  const { user } = change;
  const self = user !== undefined && isActor(context, user.id);
  const message =
    (self && changesRoles(change) ? USER_MESSAGES.ownRoles : undefined) ??
    (user && !self ? await outOfReach(db, grantor, user) : undefined) ??
    (await rolesBeyond(db, grantor, change));
  if (!message) return;
  await refuseEscalation(db, context, {
    entityType: 'users',
    entityId: user?.id ?? null,
    message,
    request: change.request,
  });
}

/** The audited fields of a user (never the password hash). */
function auditFields(user: StaffUserResponse): Record<string, unknown> {
  const { createdAt: _created, updatedAt: _updated, lastSignInAt: _last, ...fields } = user;
  return { ...fields, roles: user.roles.map((role) => role.name) };
}

/**
 * Creates a staff user with roles (spec 7 `POST users`); audited as `users.created`. The user has
 * no password until they use the link `sendPasswordLink` emails them. A staff actor gives only
 * roles whose permissions they hold, the super-admin role only as a super-admin.
 * @throws AppError `forbidden` (403) a role beyond the actor (audited `users.escalation_refused`);
 *   `validation` (422) `email` in use, `roleIds` unknown
 */
export async function createStaffUser(
  db: Database,
  input: CreateInput,
  context: AuditContext,
  options: { passwordHash?: string } = {},
): Promise<StaffUserRecord> {
  await assertNoEscalation(db, context, { currentRoleIds: [], roleIds: input.roleIds, request: input });
  await assertEmailFree(db, input.email);
  await assertRolesExist(db, input.roleIds);
  return db.transaction(async (tx) => {
    const user = await insertStaffUser(tx, {
      email: input.email.toLowerCase(),
      name: input.name,
      phoneNumber: input.phoneNumber ?? null,
      twoFactorMethod: input.twoFactorMethod,
      active: input.active,
      passwordHash: options.passwordHash ?? null,
      passwordChangedAt: options.passwordHash ? new Date() : null,
    });
    await setRoles(tx, user.id, input.roleIds);
    const after = auditFields(await toStaffUserResponse(tx, user));
    await recordAudit(tx, { ...context, action: 'users.created', entityType: 'users', entityId: user.id, after });
    return user;
  });
}

/**
 * Changes a staff user (spec 7 `PATCH users/{id}`): only the fields given; `roleIds` replaces the
 * roles (effective on the user's next request). Deactivating ends every session of the user.
 * Audited as `users.updated` with the changed fields. Nobody changes their own roles, changes a
 * user holding more than they do, or gives a role beyond what they hold (`assertNoEscalation`).
 * @throws AppError `not_found` (404); `forbidden` (403, audited `users.escalation_refused`) an
 *   escalation; `validation` (422: email in use, unknown role, SMS without a phone number);
 *   `conflict` (409) deactivating yourself
 */
export async function updateStaffUser(
  db: Database,
  id: number,
  input: UpdateInput,
  context: AuditContext,
): Promise<StaffUserResponse> {
  const user = await findStaffUserById(db, id);
  if (!user) throw new AppError('not_found', USER_MESSAGES.notFound);
  if (input.active === false && isActor(context, id)) throw new AppError('conflict', USER_MESSAGES.notYourself);
  const current = await toStaffUserResponse(db, user);
  const currentRoleIds = current.roles.map((role) => role.id);
  await assertNoEscalation(db, context, { user, currentRoleIds, roleIds: input.roleIds, request: input });
  if (input.email) await assertEmailFree(db, input.email, id);
  if (input.roleIds) await assertRolesExist(db, input.roleIds);
  const phoneNumber = input.phoneNumber === undefined ? user.phoneNumber : input.phoneNumber;
  if ((input.twoFactorMethod ?? user.twoFactorMethod) === 'SMS' && !phoneNumber) {
    throw new AppError('validation', 'Field is required', { phoneNumber: ['Field is required'] });
  }
  const before = auditFields(current);
  // After the commit, every process drops its cached staff sessions (decision 029).
  return changingStaffAccess(db, () =>
    db.transaction(async (tx) => {
      const updated = await updateStaffUserRow(tx, id, {
        ...(input.email === undefined ? {} : { email: input.email }),
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.phoneNumber === undefined ? {} : { phoneNumber: input.phoneNumber }),
        ...(input.twoFactorMethod === undefined ? {} : { twoFactorMethod: input.twoFactorMethod }),
        ...(input.active === undefined ? {} : { active: input.active }),
      });
      if (!updated) throw new AppError('not_found', USER_MESSAGES.notFound);
      if (input.roleIds) await setRoles(tx, id, input.roleIds);
      if (input.active === false) await revokeSubjectSessions(tx, 'admin', id, 'deactivated');
      const response = await toStaffUserResponse(tx, updated);
      await recordAudit(tx, {
        ...context,
        action: 'users.updated',
        entityType: 'users',
        entityId: id,
        before,
        after: auditFields(response),
      });
      return response;
    }),
  );
}

/**
 * Deletes a staff user (spec 7 `DELETE users/{id}`): the row stays, hidden, for the audit trail and
 * the tasks it is named in; their sessions end, their roles and open assignments go. Audited as
 * `users.deleted`. Nobody deletes a user holding more than they do.
 * @throws AppError `not_found` (404); `conflict` (409) deleting yourself; `forbidden` (403, audited
 *   `users.escalation_refused`) a user holding the super-admin role or a permission the actor lacks
 */
export async function deleteStaffUser(db: Database, id: number, context: AuditContext): Promise<void> {
  const user = await findStaffUserById(db, id);
  if (!user) throw new AppError('not_found', USER_MESSAGES.notFound);
  if (isActor(context, id)) throw new AppError('conflict', USER_MESSAGES.notYourself);
  await assertNoEscalation(db, context, { user, currentRoleIds: [], request: { deleted: true } });
  const before = auditFields(await toStaffUserResponse(db, user));
  await changingStaffAccess(db, () =>
    db.transaction(async (tx) => {
      await markStaffUserDeleted(tx, id);
      await replaceUserRoles(tx, id, []);
      await revokeSubjectSessions(tx, 'admin', id, 'deleted');
      await recordAudit(tx, { ...context, action: 'users.deleted', entityType: 'users', entityId: id, before });
    }),
  );
}
