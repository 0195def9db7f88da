import { connect } from 'node:net';
import { ErrorResponse } from '@bcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpMember } from './support/accounts.js';
import { claimingMember, multipartBody } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 13 items 1 to 5: hostile input reaches no shared object, no pattern runs long, NUL
 * characters are refused, and every answer, the framework's and the HTTP parser's included, is
 * in the one error shape.
 */
let t: TestApp;
let staff: Staff;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  staff = await createStaff(t.app, 'super-admin');
});
afterAll(async () => t.close());

/** Own properties of `Object.prototype` now; nothing a request does may add one. */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

function expectPrototypeUntouched(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
  const fresh: Record<string, unknown> = {};
  for (const key of ['authorization', 'XSRF-TOKEN', 'email', 'x', 'polluted', 'isAdmin']) {
    expect(fresh[key], `({}).${key}`).toBeUndefined();
  }
}

/** The one error shape (`ErrorResponse`: `{ message, errors?, code, params?, fieldCodes? }`) and nothing else. */
function expectErrorShape(body: string): void {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(typeof parsed.message).toBe('string');
  expect(ErrorResponse.strict().safeParse(parsed).success).toBe(true);
}

/** Sends raw bytes to the listening server; answers what came back before the server closed. */
function rawRequest(text: string): Promise<string> {
  const port = Number(new URL(t.baseUrl as string).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(text);
    setTimeout(() => socket.end(), 1000);
  });
}

describe('issue 13 item 1: prototype pollution through query keys, bodies, cookies and headers', () => {
  const QUERY_CORPUS = [
    '__proto__[authorization]=Bearer%20stolen',
    '__proto__[XSRF-TOKEN]=v404',
    '__proto__[email]=attacker%40example.com',
    '__proto__.polluted=yes',
    'constructor[prototype][polluted]=yes',
    'constructor.prototype.polluted=yes',
    'a[__proto__][polluted]=yes',
    'filter[__proto__][polluted]=yes',
    'sort[__proto__]=x&polluted=1',
    '__proto__=x&__proto__[]=y',
  ];

  it('no query string on any route, a 404 included, changes Object.prototype', async () => {
    for (const query of QUERY_CORPUS) {
      for (const path of ['/api/health', '/api/no-such', '/api/v1/users', '/api/app/benefits']) {
        const response = await call(t.app, 'GET', `${path}?${query}`, { token: staff.token });
        expect(response.statusCode, `${path}?${query}`).toBeLessThan(500);
      }
      expectPrototypeUntouched();
    }
  });

  it('a polluted authorization does not make anonymous callers act as another member', async () => {
    const member = await claimingMember(t.app);
    await call(t.app, 'GET', `/api/health?__proto__[authorization]=Bearer%20${member.token}`);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/app/benefits' });
    expect(anonymous.statusCode).toBe(401);
    const other = await claimingMember(t.app);
    const theirs = await call(t.app, 'GET', '/api/app/benefits', { token: other.token });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().items.map((item: { id: number }) => item.id)).toEqual([other.benefitId]);
  });

  it('a polluted XSRF token neither removes the cookie nor lets a forged POST through', async () => {
    await call(t.app, 'GET', '/api/no-such?__proto__[XSRF-TOKEN]=v404');
    const visit = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(visit.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/app/beneficiary-sessions/login',
      headers: { 'x-xsrf-token': 'v404' },
      payload: { identifier: 'someone@example.com', password: 'x' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('a polluted email does not reach the next SMS-only sign-up', async () => {
    await call(t.app, 'GET', '/api/health?__proto__[email]=attacker%40example.com');
    const member = await signUpMember(t.app, { twoFactorMethod: 'SMS' });
    const me = await call(t.app, 'GET', '/api/app/person-users/me', { token: member.token });
    expect(me.body).not.toContain('attacker@example.com');
  });

  it('bracket queries still fold into arrays and objects for the lists', async () => {
    const response = await call(t.app, 'GET', '/api/v1/users?sort[]=email:desc&filter[active]=true&pageSize=5', {
      token: staff.token,
    });
    expect(response.statusCode).toBe(200);
    const unknown = await call(t.app, 'GET', '/api/v1/users?filter[nope]=1', { token: staff.token });
    expect(unknown.statusCode).toBe(422);
  });

  it('JSON bodies with __proto__ or constructor.prototype are refused and change nothing', async () => {
    for (const payload of [
      '{"__proto__":{"polluted":"yes"},"identifier":"a@b.co","password":"x"}',
      '{"constructor":{"prototype":{"polluted":"yes"}},"identifier":"a@b.co","password":"x"}',
    ]) {
      const response = await call(t.app, 'POST', '/api/app/beneficiary-sessions/login', {
        headers: { 'content-type': 'application/json' },
        body: payload,
      });
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.body);
      expectPrototypeUntouched();
    }
  });

  it('multipart field names, cookies and headers named __proto__ change nothing', async () => {
    const member = await claimingMember(t.app);
    const boundary = 'bcp-proto-boundary';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{"polluted":"yes"}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="constructor"\r\n\r\nx\r\n--${boundary}--\r\n`;
    const upload = await call(t.app, 'POST', `/api/app/benefit-claims/${member.benefitId}/documents?kind=ID_COPY`, {
      token: member.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: payload,
    });
    expect(upload.statusCode).toBeGreaterThanOrEqual(400);
    expect(upload.statusCode).toBeLessThan(500);
    expectErrorShape(upload.body);
    const cookies = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: '__proto__=polluted; constructor=x; XSRF-TOKEN=a' },
    });
    expect(cookies.statusCode).toBe(200);
    const headers = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { __proto__: 'polluted', constructor: 'x', 'x-request-id': '__proto__' },
    });
    expect(headers.statusCode).toBe(200);
    expectPrototypeUntouched();
  });
});

describe('issue 13 item 2: the email rule runs in linear time and strings are capped first', () => {
  it('a long run of letters without a valid end is refused at once (no backtracking)', async () => {
    for (const email of [`${'a'.repeat(28)}!`, `${'a'.repeat(60)}!`, `${'a.'.repeat(60)}a@${'b'.repeat(60)}!`]) {
      const started = process.hrtime.bigint();
      const response = await call(t.app, 'POST', '/api/v1/admin-sessions/reset-password-request', {
        body: { email },
      });
      const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.email).toEqual(['Must be a valid email.']);
      // Exponential backtracking took 0.4 s at 28 letters and hours at 40: far above this bound.
      expect(elapsedMs).toBeLessThan(5000);
    }
  });

  it('an email over 254 characters fails on its length before the pattern runs', async () => {
    const response = await call(t.app, 'POST', '/api/v1/admin-sessions/reset-password-request', {
      body: { email: `${'a'.repeat(300)}@example.com` },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(['Must be at most 254 characters.']);
  });

  it('throttles run before the body is validated: a flood of bad bodies is counted', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 62; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/app/beneficiary-sessions/login',
        remoteAddress: '198.51.100.77',
        cookies: { 'XSRF-TOKEN': 'x' },
        headers: { 'x-xsrf-token': 'x' },
        payload: { identifier: `${'a'.repeat(40)}!`, password: '' },
      });
      statuses.push(response.statusCode);
    }
    // 60 a minute per IP (perIp on sign-in), each a 422 until then.
    expect(statuses.slice(0, 60).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
});

describe('issue 13 item 3: NUL characters are refused with 422 naming the field', () => {
  it('in a JSON body field', async () => {
    const response = await call(t.app, 'POST', '/api/app/beneficiary-sessions/login', {
      body: { identifier: 'a\u0000@x.co', password: 'x' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.identifier).toEqual(['Must not contain a NUL character.']);
  });

  it('in a query parameter of every staff list', async () => {
    for (const path of ['/api/v1/users', '/api/v1/roles', '/api/v1/funds', '/api/v1/benefits', '/api/v1/tasks']) {
      const response = await call(t.app, 'GET', `${path}?q=%00`, { token: staff.token });
      expect(response.statusCode, path).toBe(422);
      expect(response.json().errors.q).toEqual(['Must not contain a NUL character.']);
    }
  });

  it('in a role name, and in a path parameter', async () => {
    const role = await call(t.app, 'POST', '/api/v1/roles', {
      token: staff.token,
      body: { name: 'clerk\u0000', permissions: [] },
    });
    expect(role.statusCode).toBe(422);
    expect(role.json().errors.name).toEqual(['Must not contain a NUL character.']);
    const path = await call(t.app, 'GET', '/api/v1/users/1%00', { token: staff.token });
    expect(path.statusCode).toBe(422);
    expect(path.json().errors.id).toEqual(['Must not contain a NUL character.']);
  });

  it('in a nested key or array item', async () => {
    const response = await call(t.app, 'POST', '/api/v1/roles', {
      token: staff.token,
      body: { name: 'clerk', permissions: ['users.read', 'x\u0000'] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['permissions.1']).toEqual(['Must not contain a NUL character.']);
  });
});

describe('issue 13 item 4: broken multipart bodies are client errors', () => {
  it('multipart without a boundary, and with a broken body, answer 400 in the error shape', async () => {
    const member = await claimingMember(t.app);
    const url = `/api/app/benefit-claims/${member.benefitId}/documents?kind=ID_COPY`;
    const noBoundary = await call(t.app, 'POST', url, {
      token: member.token,
      headers: { 'content-type': 'multipart/form-data' },
      body: 'whatever',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ message: 'The multipart body is malformed.', code: 'malformed_multipart' });
    const { payload, contentType } = multipartBody('id.pdf', Buffer.from('%PDF-1.4'));
    const broken = await call(t.app, 'POST', url, {
      token: member.token,
      headers: { 'content-type': contentType },
      body: payload.subarray(0, 60),
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expectErrorShape(broken.body);
  });
});

describe('issue 13 item 5: framework answers are in the error shape', () => {
  it('a bad percent escape is 400 without repeating the path', async () => {
    const response = await call(t.app, 'GET', '/api/v1/users/%ff', { token: staff.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request address is malformed.', code: 'malformed_url' });
  });

  it('a 400-digit id is 414 in the error shape', async () => {
    const response = await call(t.app, 'GET', `/api/v1/users/${'9'.repeat(400)}`, { token: staff.token });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'The request address is too long.', code: 'uri_too_long' });
  });

  it('request targets the HTTP parser refuses are answered in the error shape', async () => {
    for (const line of ['GET api/health HTTP/1.1', 'NOT A REQUEST', 'GET /api/health HTTP/1.1\r\nBroken header line']) {
      const answer = await rawRequest(`${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(answer.split('\r\n')[0], line).toBe('HTTP/1.1 400 Bad Request');
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toEqual({ message: 'The request is malformed.', code: 'bad_request' });
    }
  });

  it('a request target that is not a path finds nothing, in the error shape', async () => {
    const answer = await rawRequest('GET * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
    expectErrorShape(answer.slice(answer.indexOf('\r\n\r\n') + 4));
  });
});
