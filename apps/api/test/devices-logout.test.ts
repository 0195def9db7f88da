import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Member, signUpMember } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 14 (shared phones): the calls the app makes when a member logs out and another signs in
 * on the same browser, `DELETE firebase/device` then `POST firebase/device`, and the
 * development-only `GET /api/dev/device?token=` the browser tests read the result with.
 */
describe('a push token changing hands on a shared phone', () => {
  let test: TestApp;
  let first: Member;
  let second: Member;
  let third: Member;
  const token = 'fcm-token-shared-phone';

  beforeAll(async () => {
    test = await createTestApp();
    first = await signUpMember(test.app);
    second = await signUpMember(test.app);
    third = await signUpMember(test.app);
  });
  afterAll(async () => test?.close());

  const owner = async (value: string) => {
    const response = await call(test.app, 'GET', `/api/dev/device?token=${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json().personUserId;
  };
  const register = (member: Member) =>
    call(test.app, 'POST', '/api/app/firebase/device', {
      token: member.token,
      body: { personUserId: member.personUserId, source: 'APP', token },
    });

  it('answers null for a token nobody registered, and 422 without a token', async () => {
    expect(await owner('never-registered')).toBeNull();
    const missing = await call(test.app, 'GET', '/api/dev/device');
    expect(missing.statusCode).toBe(422);
  });

  it('logout removes the first member’s registration; the second member’s sign-in registers the token to them', async () => {
    expect((await register(first)).statusCode).toBe(200);
    expect(await owner(token)).toBe(first.personUserId);

    // Logout, as the app does it: the device first, then the session.
    const removed = await call(test.app, 'DELETE', '/api/app/firebase/device', { token: first.token, body: { token } });
    expect(removed.json()).toEqual({ removed: true });
    const logout = await call(test.app, 'DELETE', '/api/app/beneficiary-sessions/logout', { token: first.token });
    expect(logout.statusCode).toBeLessThan(300);
    expect(await owner(token)).toBeNull();

    expect((await register(second)).statusCode).toBe(200);
    expect(await owner(token)).toBe(second.personUserId);
  });

  it('a member cannot remove another member’s registration of the token', async () => {
    const attempt = await call(test.app, 'DELETE', '/api/app/firebase/device', { token: third.token, body: { token } });
    expect(attempt.json()).toEqual({ removed: false });
    expect(await owner(token)).toBe(second.personUserId);
  });
});
