import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp, xsrfPair } from './support/test-app.js';

/**
 * The staff sessions cache (issue 25, decision 029): whatever is cached, a revoked session, a
 * deactivated user or a removed permission takes effect on the very next request, through real
 * HTTP. First in one process on the embedded database (the cache's version in memory), then across
 * two app instances sharing Redis (each with its own cache), the change made through the other.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers at REDIS_URL (the cross-process case needs it; checked first for a plain failure). */
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const xsrf = xsrfPair();

/** GET, PATCH or DELETE over real HTTP with a staff token; answers the status code. */
async function send(baseUrl: string, method: string, path: string, token: string, body?: unknown): Promise<number> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'GET' ? {} : { ...xsrf.headers, cookie: `XSRF-TOKEN=${xsrf.cookies['XSRF-TOKEN']}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Two requests that succeed: the second is answered from the cache. */
async function expectServedTwice(baseUrl: string, path: string, token: string): Promise<void> {
  expect(await send(baseUrl, 'GET', path, token)).toBe(200);
  expect(await send(baseUrl, 'GET', path, token)).toBe(200);
}

describe('staff sessions cache, one process (embedded database)', () => {
  let t: TestApp;
  let url: string;
  let admin: Staff;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    url = t.baseUrl as string;
    admin = await createStaff(t.app, 'super-admin');
  });
  afterAll(async () => t.close());

  it('a permission taken from the role is refused on the next request; the others still work', async () => {
    const staff = await createStaff(t.app, ['tasks.read', 'users.read']);
    await expectServedTwice(url, '/api/v1/tasks', staff.token);
    expect(
      await send(url, 'PATCH', `/api/v1/roles/${staff.roleId}`, admin.token, { permissions: ['users.read'] }),
    ).toBe(200);
    expect(await send(url, 'GET', '/api/v1/tasks', staff.token)).toBe(403);
    expect(await send(url, 'GET', '/api/v1/users', staff.token)).toBe(200);
  });

  it('a role taken from the user is refused on the next request', async () => {
    const staff = await createStaff(t.app, ['tasks.read']);
    const other = await createStaff(t.app, ['users.read']);
    await expectServedTwice(url, '/api/v1/tasks', staff.token);
    expect(await send(url, 'PATCH', `/api/v1/users/${staff.userId}`, admin.token, { roleIds: [other.roleId] })).toBe(
      200,
    );
    expect(await send(url, 'GET', '/api/v1/tasks', staff.token)).toBe(403);
  });

  it('signing out ends the session on the next request', async () => {
    const staff = await createStaff(t.app, ['tasks.read']);
    await expectServedTwice(url, '/api/v1/tasks', staff.token);
    expect(await send(url, 'DELETE', '/api/v1/admin-sessions/logout', staff.token)).toBe(200);
    expect(await send(url, 'GET', '/api/v1/tasks', staff.token)).toBe(401);
  });

  it('a deactivated user is signed out on the next request', async () => {
    const staff = await createStaff(t.app, ['tasks.read']);
    await expectServedTwice(url, '/api/v1/tasks', staff.token);
    expect(await send(url, 'PATCH', `/api/v1/users/${staff.userId}`, admin.token, { active: false })).toBe(200);
    expect(await send(url, 'GET', '/api/v1/tasks', staff.token)).toBe(401);
  });
});

// Redis runs beside PostgreSQL on every test machine (.ci/run starts it when it is down): the
// cross-process case runs always, and fails plainly when Redis does not answer.
describe(`staff sessions cache, two app instances sharing Redis (${REDIS_URL})`, () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let first: string;
  let second: string;
  let admin: Staff;

  beforeAll(async () => {
    expect(await redisAnswers(), `Redis must answer at ${REDIS_URL} (start it: redis-server --daemonize yes)`).toBe(
      true,
    );
    t = await createTestApp({ listen: true, env: { REDIS_URL } });
    first = t.baseUrl as string;
    // A second instance with its own cache on the same database, as a second API process would be.
    other = await buildApp({
      config: t.config,
      database: t.database.handle,
      logStream: new Writable({ write: (_c, _e, done) => done() }),
    });
    await other.listen({ host: '127.0.0.1', port: 0 });
    second = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    admin = await createStaff(t.app, 'super-admin');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('a permission removed through one instance is refused by the other on the next request', async () => {
    const staff = await createStaff(t.app, ['tasks.read', 'users.read']);
    await expectServedTwice(first, '/api/v1/tasks', staff.token);
    expect(
      await send(second, 'PATCH', `/api/v1/roles/${staff.roleId}`, admin.token, { permissions: ['users.read'] }),
    ).toBe(200);
    expect(await send(first, 'GET', '/api/v1/tasks', staff.token)).toBe(403);
  });

  it('a session signed out through one instance is refused by the other on the next request', async () => {
    const staff = await createStaff(t.app, ['tasks.read']);
    await expectServedTwice(first, '/api/v1/tasks', staff.token);
    await expectServedTwice(second, '/api/v1/tasks', staff.token);
    expect(await send(second, 'DELETE', '/api/v1/admin-sessions/logout', staff.token)).toBe(200);
    expect(await send(first, 'GET', '/api/v1/tasks', staff.token)).toBe(401);
  });
});
