import { STAFF_SESSION_MESSAGES } from '@bcp/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, oneTimePins, outboxMessages, passwordResetTokens } from '../src/db/schema/index.js';
import { call, latestOtp } from './support/accounts.js';
import { createStaff, type Staff, signInStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://backoffice.benefitfinder.co.za';
const NEW_PASSWORD = 'Winter@Rain2027';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(async () => testApp.close());

/** Lets a destination have new PINs at once (the 60 s resend wait and the hourly limit). */
async function agePins(destination: string) {
  await testApp.app.db
    .update(oneTimePins)
    .set({ createdAt: sql`${oneTimePins.createdAt} - interval '2 hours'` })
    .where(eq(oneTimePins.destination, destination));
}

async function auditsOf(userId: number) {
  return testApp.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'users'), eq(auditEvents.entityId, String(userId))))
    .orderBy(desc(auditEvents.id));
}

async function latestLink(email: string): Promise<{ url: string; token: string; body: string }> {
  const [message] = await testApp.app.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.destination, email))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const url = /https?:\/\/\S+\/admin\/reset-password\/(\S+)/.exec(message?.body ?? '');
  if (!url?.[1]) throw new Error(`no link for ${email}`);
  return { url: url[0], token: decodeURIComponent(url[1]), body: message?.body ?? '' };
}

describe('staff sign-in with a PIN', () => {
  let staff: Staff;
  beforeAll(async () => {
    staff = await createStaff(testApp.app, ['users.read']);
  });

  it('password, then the PIN: the session works only once the PIN is entered, and the sign-in is audited', async () => {
    const login = await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', {
      body: { email: staff.email.toUpperCase(), password: staff.password },
    });
    expect(login.statusCode).toBe(200);
    const { apiToken, verified, otp } = login.json();
    expect(verified).toBe(false);
    expect(otp).toMatchObject({ channel: 'EMAIL', destination: expect.stringContaining('***@') });
    expect((await call(testApp.app, 'GET', '/api/v1/users', { token: apiToken })).statusCode).toBe(403);

    const pin = await latestOtp(testApp.app, staff.email);
    const wrong = await call(testApp.app, 'POST', '/api/v1/admin-sessions/otp/verify', {
      token: apiToken,
      body: { otp: pin === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toBeDefined();

    const verify = await call(testApp.app, 'POST', '/api/v1/admin-sessions/otp/verify', {
      token: apiToken,
      body: { otp: pin },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      verified: true,
      user: { id: staff.userId, email: staff.email, permissions: ['users.read'] },
    });
    expect((await call(testApp.app, 'GET', '/api/v1/users', { token: apiToken })).statusCode).toBe(200);

    const actions = (await auditsOf(staff.userId)).map((row) => row.action);
    expect(actions.slice(0, 2)).toEqual(['staff.signed_in', 'staff.sign_in_failed']);
    const [signedIn] = await auditsOf(staff.userId);
    expect(signedIn).toMatchObject({ actorType: 'staff', actorId: staff.userId, ip: '127.0.0.1' });
    expect(JSON.stringify(await auditsOf(staff.userId))).not.toContain(pin);
  });

  it('a wrong password and an unknown email get the same 401, each audited without the password typed', async () => {
    const wrong = await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', {
      body: { email: staff.email, password: 'Not-The-Password-1!' },
    });
    const unknown = await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', {
      body: { email: 'nobody@benefitfinder.co.za', password: 'Not-The-Password-1!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: STAFF_SESSION_MESSAGES.signInFailed, code: 'sign_in_failed' });
    expect(unknown.json()).toEqual(wrong.json());
    const failures = await testApp.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.sign_in_failed'))
      .orderBy(desc(auditEvents.id))
      .limit(2);
    expect(failures.map((row) => [row.actorLabel, row.after])).toEqual([
      ['nobody@benefitfinder.co.za', { reason: 'unknown_email' }],
      [staff.email, { reason: 'wrong_password' }],
    ]);
    expect(JSON.stringify(failures)).not.toContain('Not-The-Password-1!');
  });

  it('bad input is a 422 per field', async () => {
    const response = await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', { body: { email: '' } });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('throttles: 5 sign-in attempts a minute per email and IP, then 429 with Retry-After', async () => {
    const email = 'throttled@benefitfinder.co.za';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', {
        body: { email, password: 'whatever' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('a new PIN waits 60 s (429), then comes; an already verified session cannot ask for one (409)', async () => {
    const other = await createStaff(testApp.app, []);
    await agePins(other.email);
    const login = await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', {
      body: { email: other.email, password: other.password },
    });
    const { apiToken } = login.json();
    const tooSoon = await call(testApp.app, 'POST', '/api/v1/admin-sessions/otp', { token: apiToken });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    await agePins(other.email);
    const resent = await call(testApp.app, 'POST', '/api/v1/admin-sessions/otp', { token: apiToken });
    expect(resent.statusCode).toBe(200);
    const verify = await call(testApp.app, 'POST', '/api/v1/admin-sessions/otp/verify', {
      token: apiToken,
      body: { otp: await latestOtp(testApp.app, other.email) },
    });
    expect(verify.statusCode).toBe(200);
    expect((await call(testApp.app, 'POST', '/api/v1/admin-sessions/otp', { token: apiToken })).statusCode).toBe(409);
  });

  it('logout ends the session at once', async () => {
    const other = await createStaff(testApp.app, ['users.read']);
    const logout = await call(testApp.app, 'DELETE', '/api/v1/admin-sessions/logout', { token: other.token });
    expect(logout.statusCode).toBe(200);
    expect((await call(testApp.app, 'GET', '/api/v1/users', { token: other.token })).statusCode).toBe(401);
    expect((await auditsOf(other.userId))[0]?.action).toBe('staff.signed_out');
  });

  it('an inactive user cannot sign in', async () => {
    const admin = await createStaff(testApp.app, ['users.write']);
    const other = await createStaff(testApp.app, []);
    await call(testApp.app, 'PATCH', `/api/v1/users/${other.userId}`, { token: admin.token, body: { active: false } });
    const login = await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', {
      body: { email: other.email, password: other.password },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('GET admin-sessions/me (issue 19)', () => {
  it('answers the signed-in user with the permissions held now: a role changed since sign-in shows at once', async () => {
    const staff = await createStaff(testApp.app, ['users.read']);
    const before = await call(testApp.app, 'GET', '/api/v1/admin-sessions/me', { token: staff.token });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      id: staff.userId,
      email: staff.email,
      name: 'Test Staff',
      twoFactorMethod: 'EMAIL',
      roles: [{ id: staff.roleId, name: `role-for-${staff.email}` }],
      permissions: ['users.read'],
    });
    const admin = await createStaff(testApp.app, 'super-admin');
    const changed = await call(testApp.app, 'PATCH', `/api/v1/roles/${staff.roleId}`, {
      token: admin.token,
      body: { permissions: ['users.read', 'tasks.read'] },
    });
    expect(changed.statusCode).toBe(200);
    const after = await call(testApp.app, 'GET', '/api/v1/admin-sessions/me', { token: staff.token });
    expect(after.json().permissions.sort()).toEqual(['tasks.read', 'users.read']);
  });

  it('is refused before the PIN (403) and after logout (401)', async () => {
    const staff = await createStaff(testApp.app, []);
    const login = await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', {
      body: { email: staff.email, password: staff.password },
    });
    const unverified = login.json().apiToken as string;
    expect((await call(testApp.app, 'GET', '/api/v1/admin-sessions/me', { token: unverified })).statusCode).toBe(403);
    expect(
      (await call(testApp.app, 'DELETE', '/api/v1/admin-sessions/logout', { token: staff.token })).statusCode,
    ).toBe(200);
    expect((await call(testApp.app, 'GET', '/api/v1/admin-sessions/me', { token: staff.token })).statusCode).toBe(401);
  });
});

describe('password reset link', () => {
  let staff: Staff;
  beforeAll(async () => {
    staff = await createStaff(testApp.app, ['users.read']);
  });

  async function requestLink(email: string) {
    return call(testApp.app, 'POST', '/api/v1/admin-sessions/reset-password-request', {
      body: { email },
      headers: { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' },
    });
  }

  it('emails a single-use link built on PUBLIC_URL (never the Host header) with a 256-bit token stored only hashed', async () => {
    const response = await requestLink(staff.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: STAFF_SESSION_MESSAGES.resetRequested });
    const link = await latestLink(staff.email);
    expect(link.url.startsWith(`${PUBLIC_URL}/admin/reset-password/`)).toBe(true);
    expect(link.body).not.toContain('evil.example.com');
    expect(Buffer.from(link.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await testApp.app.db.select().from(passwordResetTokens);
    expect(JSON.stringify(stored)).not.toContain(link.token);
    const [row] = stored.filter((token) => token.subjectArea === 'admin' && token.subjectId === staff.userId);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(Math.round(minutes)).toBe(60);
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const response = await requestLink('ghost@benefitfinder.co.za');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: STAFF_SESSION_MESSAGES.resetRequested });
    const sent = await testApp.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.destination, 'ghost@benefitfinder.co.za'));
    expect(sent).toHaveLength(0);
  });

  it('verify-reset-url accepts the token; setting the password uses it up and ends every session of the user', async () => {
    await requestLink(staff.email);
    const { token } = await latestLink(staff.email);
    const check = await call(
      testApp.app,
      'GET',
      `/api/v1/admin-sessions/verify-reset-url/${encodeURIComponent(token)}`,
    );
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ valid: true, email: expect.stringContaining('***@benefitfinder.co.za') });

    const set = await call(testApp.app, 'POST', '/api/v1/admin-sessions/reset-password', {
      body: { token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    expect((await call(testApp.app, 'GET', '/api/v1/users', { token: staff.token })).statusCode).toBe(401);

    const reused = await call(testApp.app, 'POST', '/api/v1/admin-sessions/reset-password', {
      body: { token, password: 'Another#Pass2028', passwordConfirmation: 'Another#Pass2028' },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ token: [STAFF_SESSION_MESSAGES.resetLinkInvalid] });
    const recheck = await call(
      testApp.app,
      'GET',
      `/api/v1/admin-sessions/verify-reset-url/${encodeURIComponent(token)}`,
    );
    expect(recheck.statusCode).toBe(422);

    await agePins(staff.email);
    const newToken = await signInStaff(testApp.app, { email: staff.email, password: NEW_PASSWORD });
    expect((await call(testApp.app, 'GET', '/api/v1/users', { token: newToken })).statusCode).toBe(200);
    const changed = (await auditsOf(staff.userId)).find((row) => row.action === 'users.password_changed');
    expect(changed?.after).toEqual({ sessionsEnded: 1 });
    expect(JSON.stringify(await auditsOf(staff.userId))).not.toContain(NEW_PASSWORD);
  });

  it('refuses an expired link', async () => {
    await requestLink(staff.email);
    const { token } = await latestLink(staff.email);
    await testApp.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(passwordResetTokens.subjectArea, 'admin'), eq(passwordResetTokens.subjectId, staff.userId)));
    const check = await call(
      testApp.app,
      'GET',
      `/api/v1/admin-sessions/verify-reset-url/${encodeURIComponent(token)}`,
    );
    expect(check.statusCode).toBe(422);
    const set = await call(testApp.app, 'POST', '/api/v1/admin-sessions/reset-password', {
      body: { token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(set.statusCode).toBe(422);
  });

  it('refuses a wrong token, and a weak or mismatched password (422 per field)', async () => {
    const wrong = await call(testApp.app, 'GET', '/api/v1/admin-sessions/verify-reset-url/not-a-real-token');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.token).toBeDefined();
    const weak = await call(testApp.app, 'POST', '/api/v1/admin-sessions/reset-password', {
      body: { token: 'not-a-real-token', password: 'weak', passwordConfirmation: 'other' },
    });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors).sort()).toEqual(['password', 'passwordConfirmation']);
  });
});
