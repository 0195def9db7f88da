import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpMember } from './support/accounts.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 13 items 8, 13 and 14: limits count accounts, hold while Redis is down, and outages are 503. */

function signIn(app: TestApp['app'], identifier: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/app/beneficiary-sessions/login',
    remoteAddress,
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x' },
    payload: { identifier, password: 'Wrong#password1' },
  });
}

describe('issue 13 item 8: sign-in throttling counts the account, however it is typed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('an ID number typed three ways and the email share 5 tries a minute, from any address', async () => {
    const member = await signUpMember(t.app);
    const spaced = `${member.idNumber.slice(0, 6)} ${member.idNumber.slice(6, 10)} ${member.idNumber.slice(10)}`;
    const dashed = `${member.idNumber.slice(0, 6)}-${member.idNumber.slice(6, 10)}-${member.idNumber.slice(10)}`;
    const spellings = [member.idNumber, spaced, dashed, member.email, member.email.toUpperCase()];
    const statuses: number[] = [];
    for (const [index, identifier] of [...spellings, member.idNumber].entries()) {
      statuses.push((await signIn(t.app, identifier, `203.0.113.${index + 1}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const other = await signUpMember(t.app);
    expect((await signIn(t.app, other.idNumber, '203.0.113.1')).statusCode).toBe(401);
  });

  it('staff sign-in counts the email, whatever its case or spaces, from any address', async () => {
    const staff = await createStaff(t.app, ['users.read']);
    const statuses: number[] = [];
    for (const [index, email] of [staff.email, staff.email.toUpperCase(), ` ${staff.email} `].entries()) {
      for (let round = 0; round < 2; round += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin-sessions/login',
          remoteAddress: `203.0.113.${50 + index * 2 + round}`,
          cookies: { 'XSRF-TOKEN': 'x' },
          headers: { 'x-xsrf-token': 'x' },
          payload: { email, password: 'Wrong#password1' },
        });
        statuses.push(response.statusCode);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('issue 13 item 13: with Redis down, sensitive limits fail closed and the rest stay open', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the same as a stopped Redis.
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(async () => t.close());

  it('sign-in, PIN, reset and ID search answer 503 with Retry-After', async () => {
    const requests = [
      {
        method: 'POST' as const,
        url: '/api/app/beneficiary-sessions/login',
        body: { identifier: 'a@b.co', password: 'x' },
      },
      { method: 'POST' as const, url: '/api/v1/admin-sessions/login', body: { email: 'a@b.co', password: 'x' } },
      {
        method: 'POST' as const,
        url: '/api/app/beneficiary-sessions/reset-password-request',
        body: { identifier: 'a@b.co' },
      },
      { method: 'POST' as const, url: '/api/v1/admin-sessions/reset-password-request', body: { email: 'a@b.co' } },
      { method: 'GET' as const, url: '/api/app/benefits/idNumber?idNumber=7503140234085' },
    ];
    for (const request of requests) {
      const response = await call(t.app, request.method, request.url, request.body ? { body: request.body } : {});
      expect(response.statusCode, request.url).toBe(503);
      expect(response.headers['retry-after'], request.url).toBe('5');
      expect(Object.keys(response.json())).toEqual(['message', 'code']);
      expect(response.json().code, request.url).toBe('unavailable');
    }
  });

  it('routes whose limits are not security-critical still answer', async () => {
    const signUp = await call(t.app, 'POST', '/api/app/person-users', { body: {} });
    expect(signUp.statusCode).toBe(422);
  });

  it('the outage is logged once, not once per request', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await call(t.app, 'GET', '/api/app/benefits/idNumber?idNumber=7503140234085');
    }
    const lines = t.logs.filter((line) => String(line.msg).startsWith('rate-limit store unavailable'));
    expect(lines).toHaveLength(1);
  });
});

describe('issue 13 item 14: while the database is down, requests answer 503 and the log has one line', () => {
  let t: TestApp;
  let staffToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    staffToken = (await createStaff(t.app, 'super-admin')).token;
  });
  afterAll(async () => t.close());

  it('answers 503 Retry-After: 5 in the error shape, and logs the outage once without stacks', async () => {
    const before = t.logs.length;
    await t.database.handle.close();
    for (const url of ['/api/v1/users', '/api/v1/funds', '/api/app/benefits', '/api/health']) {
      const response = await call(t.app, 'GET', url, { token: staffToken });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toBe('5');
      expect(Object.keys(response.json())).toEqual(['message', 'code']);
      expect(response.json().code, url).toBe('unavailable');
    }
    const during = t.logs.slice(before);
    expect(during.filter((line) => String(line.msg).startsWith('database unavailable'))).toHaveLength(1);
    expect(during.filter((line) => line.msg === 'request failed')).toEqual([]);
    expect(JSON.stringify(during)).not.toContain('    at ');
  });
});
