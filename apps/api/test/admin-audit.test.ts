import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, outboxMessages } from '../src/db/schema/index.js';
import { recordAudit } from '../src/platform/audit/audit.service.js';
import { call, latestOtp } from './support/accounts.js';
import { createStaff, type Staff, staffEmail } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
let admin: Staff;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createStaff(testApp.app, 'super-admin');
});
afterAll(async () => testApp.close());

const allAudits = () => testApp.app.db.select().from(auditEvents).orderBy(desc(auditEvents.id));

describe('audit trail', () => {
  it('writes a row for each audited action, and no row ever holds a password, token, PIN or hash', async () => {
    const secrets: string[] = [admin.token];
    const before = (await allAudits()).length;
    const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      call(testApp.app, method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });

    const email = staffEmail('audited');
    const user = (await send('POST', '/api/v1/users', { email, name: 'Audited One' })).json();
    await send('PATCH', `/api/v1/users/${user.id}`, { name: 'Audited Two', active: false });
    const role = (await send('POST', '/api/v1/roles', { name: 'auditors', permissions: ['audits.read'] })).json();
    await send('PATCH', `/api/v1/roles/${role.id}`, { description: 'Read trails' });
    await send('DELETE', `/api/v1/roles/${role.id}`);
    const task = (await send('POST', '/api/v1/tasks', { title: 'Audited task' })).json();
    await send('PATCH', `/api/v1/tasks/${task.id}`, { title: 'Audited task 2' });
    await send('PATCH', `/api/v1/tasks/${task.id}/reject`, { reason: 'Not needed' });
    const task2 = (await send('POST', '/api/v1/tasks', { title: 'Another' })).json();
    await send('PATCH', `/api/v1/tasks/${task2.id}/complete`);
    await send('DELETE', `/api/v1/tasks/${task2.id}`);
    await send('DELETE', `/api/v1/users/${user.id}`);

    // A staff sign-in (wrong password, then success), a password reset and a logout.
    const staff = await createStaff(testApp.app, []);
    await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', {
      body: { email: staff.email, password: 'Wrong#Password1' },
    });
    secrets.push('Wrong#Password1', staff.password);
    const login = await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', {
      body: { email: staff.email, password: staff.password },
    });
    const pin = await latestOtp(testApp.app, staff.email);
    secrets.push(login.json().apiToken, pin);
    await call(testApp.app, 'POST', '/api/v1/admin-sessions/otp/verify', {
      token: login.json().apiToken,
      body: { otp: pin },
    });
    await call(testApp.app, 'POST', '/api/v1/admin-sessions/reset-password-request', { body: { email: staff.email } });
    const [link] = await testApp.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'staff.password_reset'))
      .orderBy(desc(outboxMessages.id));
    const resetToken = decodeURIComponent(/reset-password\/(\S+)/.exec(link?.body ?? '')?.[1] ?? '');
    secrets.push(resetToken, 'Brand#New2027');
    await call(testApp.app, 'POST', '/api/v1/admin-sessions/reset-password', {
      body: { token: resetToken, password: 'Brand#New2027', passwordConfirmation: 'Brand#New2027' },
    });
    await call(testApp.app, 'DELETE', '/api/v1/admin-sessions/logout', { token: admin.token });

    const rows = (await allAudits()).slice(0, (await allAudits()).length - before);
    expect(new Set(rows.map((row) => row.action))).toEqual(
      new Set([
        'users.created',
        'users.updated',
        'users.deleted',
        'roles.created',
        'roles.updated',
        'roles.deleted',
        'tasks.created',
        'tasks.updated',
        'tasks.rejected',
        'tasks.completed',
        'tasks.deleted',
        'staff.sign_in_failed',
        'staff.signed_in',
        'users.password_changed',
        'staff.signed_out',
      ]),
    );
    const stored = JSON.stringify(rows);
    for (const secret of secrets) expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(/\$argon2/);

    const updated = rows.find((row) => row.action === 'users.updated');
    expect(updated).toMatchObject({
      actorType: 'staff',
      actorId: admin.userId,
      actorLabel: admin.email,
      entityType: 'users',
      entityId: String(user.id),
      before: { name: 'Audited One', active: true },
      after: { name: 'Audited Two', active: false },
      ip: '127.0.0.1',
    });
    expect(updated?.occurredAt).toBeInstanceOf(Date);
  });

  it('recordAudit keeps only the changed fields and redacts secrets, account numbers and ID numbers', async () => {
    await recordAudit(testApp.app.db, {
      actor: { type: 'staff', id: admin.userId, label: admin.email },
      ip: '10.0.0.1',
      action: 'claims.updated',
      entityType: 'claims',
      entityId: 99,
      before: { status: 'submitted', accountNumber: '62012345678', note: 'same' },
      after: {
        status: 'approved',
        accountNumber: '62087654321',
        note: 'same',
        password: 'Hunter#2026',
        apiKey: 'key-123',
        otpCode: '123456',
        resetToken: 'abc',
        comment: 'Member 7503140234085 called',
      },
    });
    const [row] = await allAudits();
    expect(row?.before).toEqual({ status: 'submitted', accountNumber: '*******5678' });
    expect(row?.after).toEqual({
      status: 'approved',
      accountNumber: '*******4321',
      password: '******',
      apiKey: '******',
      otpCode: '******',
      resetToken: '******',
      comment: 'Member *********4085 called',
    });
  });

  it('is append-only: the database refuses to update or delete a row', async () => {
    const [row] = await allAudits();
    await expect(
      testApp.app.db
        .update(auditEvents)
        .set({ action: 'tampered' })
        .where(eq(auditEvents.id, row?.id as number)),
    ).rejects.toThrow();
    await expect(testApp.app.db.delete(auditEvents).where(eq(auditEvents.id, row?.id as number))).rejects.toThrow();
    await expect(testApp.app.db.execute(sql`delete from audit_events`)).rejects.toThrow();
  });

  it("GET users/{id}/audits lists one entity's trail, newest first, paginated", async () => {
    const reader = await createStaff(testApp.app, ['audits.read', 'users.write']);
    const target = await createStaff(testApp.app, []);
    for (const name of ['One', 'Two', 'Three']) {
      await call(testApp.app, 'PATCH', `/api/v1/users/${target.userId}`, { token: reader.token, body: { name } });
    }
    const page = await call(testApp.app, 'GET', `/api/v1/users/${target.userId}/audits?pageSize=2`, {
      token: reader.token,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 1, pageSize: 2, total: 4, totalPages: 2 });
    expect(page.json().items.map((item: { after: { name?: string } }) => item.after?.name)).toEqual(['Three', 'Two']);
    const last = await call(testApp.app, 'GET', `/api/v1/users/${target.userId}/audits?pageSize=2&page=2`, {
      token: reader.token,
    });
    expect(last.json().items.map((item: { action: string }) => item.action)).toEqual([
      'users.updated',
      'users.created',
    ]);
  });
});
