import { PERMISSIONS } from '@bcp/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, permissions, rolePermissions, roles, users } from '../src/db/schema/index.js';
import { createSuperAdmin, DEMO_STAFF, seedDemoStaffIfNone } from '../src/modules/users/bootstrap.service.js';
import { call } from './support/accounts.js';
import { createStaff, type Staff, signInStaff, staffEmail } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
let admin: Staff;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createStaff(testApp.app, 'super-admin');
});
afterAll(async () => testApp.close());

const get = (url: string, token: string) => call(testApp.app, 'GET', url, { token });

describe('permissions', () => {
  it('the code list is in the database at start, with the super-admin role', async () => {
    const response = await get('/api/v1/permissions?pageSize=100', admin.token);
    expect(response.statusCode).toBe(200);
    const names = response.json().items.map((item: { name: string }) => item.name);
    expect(names.sort()).toEqual([...PERMISSIONS].sort());
    expect(response.json().items[0]).toMatchObject({
      inCode: true,
      resource: expect.any(String),
      action: expect.any(String),
    });
    const superAdmin = await get('/api/v1/roles?q=super-admin', admin.token);
    expect(superAdmin.json().items[0]).toMatchObject({
      name: 'super-admin',
      superAdmin: true,
      permissions: [...PERMISSIONS].sort(),
    });
  });

  it('DELETE refuses a permission still in code or still given to a role, naming the role; deletes a stale one', async () => {
    const inCode = (await get('/api/v1/permissions?q=users.read', admin.token)).json().items[0];
    const refused = await call(testApp.app, 'DELETE', `/api/v1/permissions/${inCode.id}`, { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('still in the code');

    const [stale] = await testApp.app.db.insert(permissions).values({ name: 'legacy.export' }).returning();
    const [role] = await testApp.app.db.insert(roles).values({ name: 'legacy-role' }).returning();
    await testApp.app.db
      .insert(rolePermissions)
      .values({ roleId: role?.id as number, permissionId: stale?.id as number });
    const listed = (await get('/api/v1/permissions?q=legacy', admin.token)).json().items[0];
    expect(listed).toMatchObject({ name: 'legacy.export', inCode: false, roleCount: 1 });
    const inUse = await call(testApp.app, 'DELETE', `/api/v1/permissions/${stale?.id}`, { token: admin.token });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toContain('legacy-role');

    await testApp.app.db.delete(rolePermissions).where(eq(rolePermissions.roleId, role?.id as number));
    const deleted = await call(testApp.app, 'DELETE', `/api/v1/permissions/${stale?.id}`, { token: admin.token });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/v1/permissions?q=legacy', admin.token)).json().total).toBe(0);
  });
});

describe('roles and permission changes take effect at once', () => {
  it("adding and taking a permission from a user's role changes what their current token may do", async () => {
    const staff = await createStaff(testApp.app, ['users.read']);
    expect((await get('/api/v1/tasks', staff.token)).statusCode).toBe(403);

    const grant = await call(testApp.app, 'PATCH', `/api/v1/roles/${staff.roleId}`, {
      token: admin.token,
      body: { permissions: ['users.read', 'tasks.read'] },
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().permissions).toEqual(['tasks.read', 'users.read']);
    expect((await get('/api/v1/tasks', staff.token)).statusCode).toBe(200);

    await call(testApp.app, 'PATCH', `/api/v1/roles/${staff.roleId}`, {
      token: admin.token,
      body: { permissions: [] },
    });
    expect((await get('/api/v1/tasks', staff.token)).statusCode).toBe(403);
    expect((await get('/api/v1/users', staff.token)).statusCode).toBe(403);
  });

  it('giving and taking a role changes what the token may do', async () => {
    const staff = await createStaff(testApp.app, []);
    const created = await call(testApp.app, 'POST', '/api/v1/roles', {
      token: admin.token,
      body: { name: 'task-readers', permissions: ['tasks.read'] },
    });
    expect(created.statusCode).toBe(201);
    const roleId = created.json().id;
    expect((await get('/api/v1/tasks', staff.token)).statusCode).toBe(403);
    const give = await call(testApp.app, 'PATCH', `/api/v1/users/${staff.userId}`, {
      token: admin.token,
      body: { roleIds: [roleId] },
    });
    expect(give.statusCode, give.body).toBe(200);
    expect((await get('/api/v1/tasks', staff.token)).statusCode).toBe(200);

    const inUse = await call(testApp.app, 'DELETE', `/api/v1/roles/${roleId}`, { token: admin.token });
    expect(inUse.statusCode).toBe(409);
    await call(testApp.app, 'PATCH', `/api/v1/users/${staff.userId}`, { token: admin.token, body: { roleIds: [] } });
    expect((await get('/api/v1/tasks', staff.token)).statusCode).toBe(403);
    expect((await call(testApp.app, 'DELETE', `/api/v1/roles/${roleId}`, { token: admin.token })).statusCode).toBe(200);
    expect((await get(`/api/v1/roles/${roleId}`, admin.token)).statusCode).toBe(404);
  });

  it('the super-admin role cannot be changed or deleted', async () => {
    const superAdmin = (await get('/api/v1/roles?q=super-admin', admin.token)).json().items[0];
    const patch = await call(testApp.app, 'PATCH', `/api/v1/roles/${superAdmin.id}`, {
      token: admin.token,
      body: { permissions: [] },
    });
    expect(patch.statusCode).toBe(409);
    expect(
      (await call(testApp.app, 'DELETE', `/api/v1/roles/${superAdmin.id}`, { token: admin.token })).statusCode,
    ).toBe(409);
  });

  it('bad role input is a 422 per field and creates nothing', async () => {
    const before = await testApp.app.db.$count(roles);
    const response = await call(testApp.app, 'POST', '/api/v1/roles', {
      token: admin.token,
      body: { name: '', permissions: ['funds.fly'] },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['name', 'permissions.0']);
    const taken = await call(testApp.app, 'POST', '/api/v1/roles', {
      token: admin.token,
      body: { name: 'super-admin' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual(['A role with this name exists.']);
    expect(await testApp.app.db.$count(roles)).toBe(before);
  });
});

describe('users', () => {
  it('creating a user emails them a link to set their password; they then sign in', async () => {
    const email = staffEmail('new');
    const created = await call(testApp.app, 'POST', '/api/v1/users', {
      token: admin.token,
      body: { email: email.toUpperCase(), name: 'Naledi Khumalo', roleIds: [] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email,
      name: 'Naledi Khumalo',
      active: true,
      roles: [],
      lastSignInAt: null,
    });
    const [invite] = await testApp.app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.destination, email), eq(outboxMessages.purpose, 'staff.invite')));
    const token = decodeURIComponent(/\/admin\/reset-password\/(\S+)/.exec(invite?.body ?? '')?.[1] ?? '');
    const set = await call(testApp.app, 'POST', '/api/v1/admin-sessions/reset-password', {
      body: { token, password: 'Fresh#Start2026', passwordConfirmation: 'Fresh#Start2026' },
    });
    expect(set.statusCode).toBe(200);
    await expect(signInStaff(testApp.app, { email, password: 'Fresh#Start2026' })).resolves.toEqual(expect.any(String));
  });

  it('bad user input is a 422 per field and creates nothing; a used email is refused', async () => {
    const before = await testApp.app.db.$count(users);
    const response = await call(testApp.app, 'POST', '/api/v1/users', {
      token: admin.token,
      body: { email: 'not-an-email', name: '', twoFactorMethod: 'SMS', roleIds: [999999] },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'name', 'phoneNumber']);
    const duplicate = await call(testApp.app, 'POST', '/api/v1/users', {
      token: admin.token,
      body: { email: admin.email, name: 'Copy' },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.email).toBeDefined();
    const unknownRole = await call(testApp.app, 'POST', '/api/v1/users', {
      token: admin.token,
      body: { email: staffEmail('x'), name: 'X', roleIds: [999999] },
    });
    expect(unknownRole.statusCode).toBe(422);
    expect(unknownRole.json().errors.roleIds).toBeDefined();
    expect(await testApp.app.db.$count(users)).toBe(before);
  });

  it('deactivating a user ends their sessions at once; they cannot sign in; nobody deactivates themselves', async () => {
    const staff = await createStaff(testApp.app, ['users.read']);
    expect((await get('/api/v1/users', staff.token)).statusCode).toBe(200);
    const patch = await call(testApp.app, 'PATCH', `/api/v1/users/${staff.userId}`, {
      token: admin.token,
      body: { active: false },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().active).toBe(false);
    expect((await get('/api/v1/users', staff.token)).statusCode).toBe(401);
    await call(testApp.app, 'PATCH', `/api/v1/users/${staff.userId}`, { token: admin.token, body: { active: true } });
    expect((await get('/api/v1/users', staff.token)).statusCode).toBe(401);

    const self = await call(testApp.app, 'PATCH', `/api/v1/users/${admin.userId}`, {
      token: admin.token,
      body: { active: false },
    });
    expect(self.statusCode).toBe(409);
  });

  it('deleting a user ends their sessions and hides them', async () => {
    const staff = await createStaff(testApp.app, ['users.read']);
    const deleted = await call(testApp.app, 'DELETE', `/api/v1/users/${staff.userId}`, { token: admin.token });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/v1/users', staff.token)).statusCode).toBe(401);
    expect((await get(`/api/v1/users/${staff.userId}`, admin.token)).statusCode).toBe(404);
    const audits = await get(`/api/v1/users/${staff.userId}/audits`, admin.token);
    expect(audits.json().items[0]).toMatchObject({
      action: 'users.deleted',
      actor: { type: 'staff', id: admin.userId },
    });
  });
});

describe('the one list contract', () => {
  it('pages, sorts, filters and searches with the same parameters; bracket notation works', async () => {
    for (const name of ['Alpha Lister', 'Beta Lister', 'Gamma Lister']) {
      await call(testApp.app, 'POST', '/api/v1/users', {
        token: admin.token,
        body: { email: staffEmail('list'), name },
      });
    }
    const page = await get('/api/v1/users?q=lister&sort=name:desc&page=2&pageSize=2', admin.token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect(page.json().items.map((user: { name: string }) => user.name)).toEqual(['Alpha Lister']);

    const brackets = await get('/api/v1/users?q=lister&sort[]=name:asc&filter[active]=true', admin.token);
    expect(brackets.json().items.map((user: { name: string }) => user.name)).toEqual([
      'Alpha Lister',
      'Beta Lister',
      'Gamma Lister',
    ]);
    const inactive = await get('/api/v1/users?q=lister&filter[active]=false', admin.token);
    expect(inactive.json().total).toBe(0);
    const literal = await get('/api/v1/users?q=%25', admin.token);
    expect(literal.json().total).toBe(0);
  });

  it('unknown sort or filter fields and bad page sizes are 422 naming the parameter', async () => {
    const sort = await get('/api/v1/users?sort=passwordHash:asc', admin.token);
    expect(sort.statusCode).toBe(422);
    expect(Object.keys(sort.json().errors)[0]).toMatch(/^sort/);
    const filter = await get('/api/v1/users?filter[passwordHash]=x', admin.token);
    expect(filter.statusCode).toBe(422);
    expect(Object.keys(filter.json().errors)[0]).toMatch(/^filter/);
    const size = await get('/api/v1/users?pageSize=1000', admin.token);
    expect(size.statusCode).toBe(422);
    expect(size.json().errors.pageSize).toBeDefined();
  });
});

describe('the first admin and the demo staff', () => {
  it('createSuperAdmin (npm run admin:create) makes a super-admin, with a password or a link to set it', async () => {
    const weak = createSuperAdmin(testApp.app.db, { email: staffEmail('boot'), password: 'weak' }, 'http://x.test');
    await expect(weak).rejects.toMatchObject({ fieldErrors: { password: expect.any(Array) } });
    const email = staffEmail('boot');
    const withPassword = await createSuperAdmin(
      testApp.app.db,
      { email, password: 'First#Admin2026' },
      'http://x.test',
    );
    expect(withPassword.passwordLink).toBeUndefined();
    const token = await signInStaff(testApp.app, { email, password: 'First#Admin2026' });
    expect((await get('/api/v1/permissions', token)).statusCode).toBe(200);
    const withLink = await createSuperAdmin(testApp.app.db, { email: staffEmail('boot') }, 'https://ops.example.co.za');
    expect(withLink.passwordLink).toMatch(/^https:\/\/ops\.example\.co\.za\/admin\/reset-password\//);
  });

  it('the demo data adds a demo admin, a demo reviewer and a demo approver with fewer permissions, only to a database without staff', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoStaffIfNone(fresh.app.db, fresh.app.log)).toBe(true);
      expect(await seedDemoStaffIfNone(fresh.app.db, fresh.app.log)).toBe(false);
      const adminToken = await signInStaff(fresh.app, DEMO_STAFF.admin);
      const reviewerToken = await signInStaff(fresh.app, DEMO_STAFF.reviewer);
      const roleList = (await call(fresh.app, 'GET', '/api/v1/roles', { token: adminToken })).json();
      const reviewer = roleList.items.find((role: { name: string }) => role.name === 'reviewer');
      expect(reviewer.permissions.length).toBeLessThan(PERMISSIONS.length);
      expect((await call(fresh.app, 'GET', '/api/v1/tasks', { token: reviewerToken })).statusCode).toBe(200);
      expect((await call(fresh.app, 'GET', '/api/v1/roles', { token: reviewerToken })).statusCode).toBe(403);
      // The approver works claims (the second pair of eyes, issue 36) and nothing else.
      const approverToken = await signInStaff(fresh.app, DEMO_STAFF.approver);
      expect((await call(fresh.app, 'GET', '/api/v1/benefits/claims', { token: approverToken })).statusCode).toBe(200);
      expect((await call(fresh.app, 'GET', '/api/v1/roles', { token: approverToken })).statusCode).toBe(403);
      const audit = await fresh.app.db.select().from(users).orderBy(desc(users.id));
      expect(audit.map((user) => user.email).sort()).toEqual(
        [DEMO_STAFF.admin.email, DEMO_STAFF.approver.email, DEMO_STAFF.reviewer.email].sort(),
      );
    } finally {
      await fresh.close();
    }
  });
});
