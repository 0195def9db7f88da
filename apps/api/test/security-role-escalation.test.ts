import { PERMISSIONS, type Permission } from '@bcp/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, roles, users } from '../src/db/schema/index.js';
import { call } from './support/accounts.js';
import { createStaff, type Staff, staffEmail } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
let admin: Staff;
let superAdminRoleId: number;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createStaff(testApp.app, 'super-admin');
  superAdminRoleId = (await get('/api/v1/roles?q=super-admin')).json().items[0].id;
});
afterAll(async () => testApp.close());

const get = (url: string) => call(testApp.app, 'GET', url, { token: admin.token });

/** A role made by the super-admin, carrying `permissions`. */
async function roleWith(permissions: Permission[]): Promise<number> {
  const created = await call(testApp.app, 'POST', '/api/v1/roles', {
    token: admin.token,
    body: { name: `carrying-${staffEmail('role')}`, permissions },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

/** A user's role ids now, sorted, read back through the API. */
async function roleIdsOf(userId: number): Promise<number[]> {
  const user = (await get(`/api/v1/users/${userId}`)).json();
  return user.roles.map((role: { id: number }) => role.id).sort((a: number, b: number) => a - b);
}

/** A role's permissions now, read back through the API. */
async function permissionsOf(roleId: number): Promise<Permission[]> {
  return (await get(`/api/v1/roles/${roleId}`)).json().permissions;
}

/** The refused escalations in an entity's audit trail (newest first), read through the API. */
async function refusalsOf(entityType: 'users' | 'roles', id: number) {
  const trail = await get(`/api/v1/${entityType}/${id}/audits?filter[action]=${entityType}.escalation_refused`);
  return trail.json().items as { actor: { id: number }; after: { reason: string } }[];
}

/** The newest refused escalation aimed at no existing entity (a refused create). */
async function newestRefusedCreate(entityType: 'users' | 'roles') {
  const [row] = await testApp.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, `${entityType}.escalation_refused`), isNull(auditEvents.entityId)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

function expectRefused(response: LightMyRequestResponse, message: string): void {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual({ message, code: 'forbidden' });
}

describe('issue 13 item 6: role escalation', () => {
  it('nobody changes their own roles: users.write alone cannot give oneself super-admin, nor can a super-admin change theirs', async () => {
    const clerk = await createStaff(testApp.app, ['users.read', 'users.write']);
    const rolesBefore = await roleIdsOf(clerk.userId);
    const self = await call(testApp.app, 'PATCH', `/api/v1/users/${clerk.userId}`, {
      token: clerk.token,
      body: { roleIds: [clerk.roleId, superAdminRoleId] },
    });
    expectRefused(self, 'You cannot change your own roles.');
    expect(await roleIdsOf(clerk.userId)).toEqual(rolesBefore);
    expect((await call(testApp.app, 'GET', '/api/v1/permissions', { token: clerk.token })).statusCode).toBe(403);
    expect((await refusalsOf('users', clerk.userId))[0]).toMatchObject({
      actor: { id: clerk.userId },
      after: { reason: 'You cannot change your own roles.' },
    });

    const otherRole = await roleWith(['tasks.read']);
    const adminSelf = await call(testApp.app, 'PATCH', `/api/v1/users/${admin.userId}`, {
      token: admin.token,
      body: { roleIds: [superAdminRoleId, otherRole] },
    });
    expectRefused(adminSelf, 'You cannot change your own roles.');
    expect(await roleIdsOf(admin.userId)).toEqual([superAdminRoleId]);

    // Sending one's roles unchanged along with other fields is no change of roles.
    const unchanged = await call(testApp.app, 'PATCH', `/api/v1/users/${clerk.userId}`, {
      token: clerk.token,
      body: { name: 'Renamed Clerk', roleIds: [clerk.roleId] },
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().name).toBe('Renamed Clerk');
  });

  it('nobody gives a user a role carrying a permission they do not hold, on update or create; a role within their permissions is given', async () => {
    const clerk = await createStaff(testApp.app, ['users.read', 'users.write', 'tasks.read']);
    const target = await createStaff(testApp.app, []);
    const powerful = await roleWith(['tasks.read', 'funds.write', 'claims.approve']);
    const message = 'You cannot give a role with permissions you do not hold: claims.approve, funds.write.';

    const update = await call(testApp.app, 'PATCH', `/api/v1/users/${target.userId}`, {
      token: clerk.token,
      body: { name: 'Changed Name', roleIds: [target.roleId, powerful] },
    });
    expectRefused(update, message);
    const after = (await get(`/api/v1/users/${target.userId}`)).json();
    expect(after.name).toBe('Test Staff');
    expect(await roleIdsOf(target.userId)).toEqual([target.roleId]);
    expect((await refusalsOf('users', target.userId))[0]).toMatchObject({
      actor: { id: clerk.userId },
      after: { reason: message },
    });

    const email = staffEmail('escalated');
    const create = await call(testApp.app, 'POST', '/api/v1/users', {
      token: clerk.token,
      body: { email, name: 'Escalated', roleIds: [powerful] },
    });
    expectRefused(create, message);
    expect(await testApp.app.db.$count(users, eq(users.email, email))).toBe(0);
    expect(await newestRefusedCreate('users')).toMatchObject({
      actorId: clerk.userId,
      after: { reason: message, request: { email, roleIds: [powerful] } },
    });

    const withinReach = await roleWith(['tasks.read']);
    const given = await call(testApp.app, 'PATCH', `/api/v1/users/${target.userId}`, {
      token: clerk.token,
      body: { roleIds: [target.roleId, withinReach] },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(await roleIdsOf(target.userId)).toEqual([target.roleId as number, withinReach].sort((a, b) => a - b));
    const created = await call(testApp.app, 'POST', '/api/v1/users', {
      token: clerk.token,
      body: { email: staffEmail('given'), name: 'Given', roleIds: [withinReach] },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('only a super-admin gives the super-admin role, even to a user who holds every permission', async () => {
    const everything = await createStaff(testApp.app, [...PERMISSIONS]);
    const target = await createStaff(testApp.app, []);
    const message = 'Only a super-admin can give the super-admin role.';

    const update = await call(testApp.app, 'PATCH', `/api/v1/users/${target.userId}`, {
      token: everything.token,
      body: { roleIds: [superAdminRoleId] },
    });
    expectRefused(update, message);
    expect(await roleIdsOf(target.userId)).toEqual([target.roleId]);
    expect((await refusalsOf('users', target.userId))[0]?.after.reason).toBe(message);

    const email = staffEmail('super');
    const create = await call(testApp.app, 'POST', '/api/v1/users', {
      token: everything.token,
      body: { email, name: 'Would-be Super', roleIds: [superAdminRoleId] },
    });
    expectRefused(create, message);
    expect(await testApp.app.db.$count(users, eq(users.email, email))).toBe(0);

    const bySuperAdmin = await call(testApp.app, 'PATCH', `/api/v1/users/${target.userId}`, {
      token: admin.token,
      body: { roleIds: [superAdminRoleId] },
    });
    expect(bySuperAdmin.statusCode, bySuperAdmin.body).toBe(200);
    expect(await roleIdsOf(target.userId)).toEqual([superAdminRoleId]);
  });

  it('nobody creates a role with a permission they do not hold; a role within their permissions is created', async () => {
    const roleAdmin = await createStaff(testApp.app, ['roles.read', 'roles.write', 'tasks.read']);
    const message = 'You cannot give permissions you do not hold: users.write.';
    const refused = await call(testApp.app, 'POST', '/api/v1/roles', {
      token: roleAdmin.token,
      body: { name: 'sneaky-users', permissions: ['tasks.read', 'users.write'] },
    });
    expectRefused(refused, message);
    expect(await testApp.app.db.$count(roles, eq(roles.name, 'sneaky-users'))).toBe(0);
    expect(await newestRefusedCreate('roles')).toMatchObject({
      actorId: roleAdmin.userId,
      after: { reason: message, request: { name: 'sneaky-users', permissions: ['tasks.read', 'users.write'] } },
    });

    const allowed = await call(testApp.app, 'POST', '/api/v1/roles', {
      token: roleAdmin.token,
      body: { name: 'task-readers-by-role-admin', permissions: ['tasks.read'] },
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it('nobody adds a permission they do not hold to a role, their own included; removing one is fine', async () => {
    const roleAdmin = await createStaff(testApp.app, ['roles.read', 'roles.write']);
    const ownRole = roleAdmin.roleId as number;
    const own = await call(testApp.app, 'PATCH', `/api/v1/roles/${ownRole}`, {
      token: roleAdmin.token,
      body: { name: 'all-powerful', permissions: [...PERMISSIONS] },
    });
    const missing = PERMISSIONS.filter((permission) => permission !== 'roles.read' && permission !== 'roles.write');
    const message = `You cannot give permissions you do not hold: ${[...missing].sort().join(', ')}.`;
    expectRefused(own, message);
    expect(await permissionsOf(ownRole)).toEqual(['roles.read', 'roles.write']);
    expect((await get(`/api/v1/roles/${ownRole}`)).json().name).not.toBe('all-powerful');
    expect((await call(testApp.app, 'GET', '/api/v1/users', { token: roleAdmin.token })).statusCode).toBe(403);
    expect((await refusalsOf('roles', ownRole))[0]).toMatchObject({
      actor: { id: roleAdmin.userId },
      after: { reason: message },
    });

    const other = await roleWith(['funds.write', 'roles.read']);
    const added = await call(testApp.app, 'PATCH', `/api/v1/roles/${other}`, {
      token: roleAdmin.token,
      body: { permissions: ['funds.write', 'roles.read', 'claims.approve'] },
    });
    expectRefused(added, 'You cannot give permissions you do not hold: claims.approve.');
    expect(await permissionsOf(other)).toEqual(['funds.write', 'roles.read']);

    // Keeping a permission one lacks while removing another, and adding one held, are no escalation.
    const trimmed = await call(testApp.app, 'PATCH', `/api/v1/roles/${other}`, {
      token: roleAdmin.token,
      body: { permissions: ['funds.write', 'roles.write'] },
    });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    expect(trimmed.json().permissions).toEqual(['funds.write', 'roles.write']);
  });

  it('nobody changes or deletes a user who holds more than they do (a takeover by email change)', async () => {
    const clerk = await createStaff(testApp.app, ['users.read', 'users.write']);
    const superMessage = 'Only a super-admin can change or delete a super-admin.';
    const takeover = await call(testApp.app, 'PATCH', `/api/v1/users/${admin.userId}`, {
      token: clerk.token,
      body: { email: staffEmail('attacker') },
    });
    expectRefused(takeover, superMessage);
    expect((await get(`/api/v1/users/${admin.userId}`)).json().email).toBe(admin.email);
    const deleted = await call(testApp.app, 'DELETE', `/api/v1/users/${admin.userId}`, { token: clerk.token });
    expectRefused(deleted, superMessage);
    expect((await get(`/api/v1/users/${admin.userId}`)).statusCode).toBe(200);
    expect((await refusalsOf('users', admin.userId)).map((event) => event.after.reason).slice(0, 2)).toEqual([
      superMessage,
      superMessage,
    ]);

    const approver = await createStaff(testApp.app, ['claims.approve']);
    const demote = await call(testApp.app, 'PATCH', `/api/v1/users/${approver.userId}`, {
      token: clerk.token,
      body: { active: false },
    });
    expectRefused(demote, 'You cannot change or delete a user who holds permissions you do not hold: claims.approve.');
    expect((await get(`/api/v1/users/${approver.userId}`)).json().active).toBe(true);

    const peer = await createStaff(testApp.app, ['users.read']);
    const renamed = await call(testApp.app, 'PATCH', `/api/v1/users/${peer.userId}`, {
      token: clerk.token,
      body: { name: 'Peer Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
