import { PERMISSIONS, type Permission } from '@bcp/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type DeclaredRoute, declaredRoutes, UndeclaredAccessError } from '../src/platform/auth/route-access.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { call } from './support/accounts.js';
import { createPersonUser } from './support/fixtures.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 6 "Done when": the authorization matrix. Every registered `/api/v1` route is called
 * without a token (401), with a member token (401), with a staff token lacking the route's
 * permission (403) and with a staff token holding exactly that permission (neither 401 nor 403).
 * The only `/api/v1` routes without a permission are the sign-in steps listed here: a new route
 * without a permission makes the server refuse to start, and a new `public` one fails this test.
 */
const SIGN_IN_ROUTES = {
  public: [
    'GET /api/v1/admin-sessions/verify-reset-url/:token',
    'POST /api/v1/admin-sessions/login',
    'POST /api/v1/admin-sessions/reset-password',
    'POST /api/v1/admin-sessions/reset-password-request',
  ],
  ownSession: [
    'DELETE /api/v1/admin-sessions/logout',
    'POST /api/v1/admin-sessions/otp',
    'POST /api/v1/admin-sessions/otp/verify',
  ],
  /** Any staff session past its PIN, whatever its roles (issue 19: the caller's own user and dashboard; issue 38: the global search, each kind as the roles allow). */
  verified: ['GET /api/v1/admin-sessions/me', 'GET /api/v1/dashboard', 'GET /api/v1/search'],
  /** The caller's own records, whatever their roles (issue 38: saved views); tested in saved-views.test.ts. */
  ownRecords: [
    'DELETE /api/v1/users/me/saved-views/:id',
    'GET /api/v1/users/me/saved-views',
    'POST /api/v1/users/me/saved-views',
  ],
};
const sessionKind = (route: DeclaredRoute) =>
  route.access !== 'public' && 'session' in route.access ? route.access.session : undefined;

let testApp: TestApp;
let routes: DeclaredRoute[];
let memberToken: string;
let noPermissions: Staff;
const holders = new Map<Permission, Staff>();

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
/** A concrete URL: ids that match nothing (a permitted call then answers 404 or 422, changing nothing). */
const concrete = (url: string) => url.replace(':token', 'no-such-token').replace(/:[A-Za-z]+/g, '999999');

/** The query a route needs to answer 200 (the global search's term). */
const QUERIES: Record<string, string> = { '/api/v1/search': '?q=Mokoena' };

function send(route: DeclaredRoute, token?: string): Promise<LightMyRequestResponse> {
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  return call(testApp.app, method, `${concrete(route.url)}${QUERIES[route.url] ?? ''}`, {
    ...(token ? { token } : {}),
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  routes = declaredRoutes(testApp.app).filter((route) => route.url.startsWith('/api/v1/') && route.method !== 'HEAD');
  const member = await createPersonUser(testApp.app.db);
  const session = await createSession(testApp.app.db, { area: 'beneficiary', subjectId: member.personUserId });
  await markSessionVerified(testApp.app.db, session.sessionId);
  memberToken = session.token;
  noPermissions = await createStaff(testApp.app, []);
  for (const permission of PERMISSIONS) holders.set(permission, await createStaff(testApp.app, [permission]));
});
afterAll(async () => testApp.close());

describe('authorization matrix of /api/v1', () => {
  it('finds the back-office routes, the same ones the OpenAPI document lists', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
    const documented = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    const fromDocument = Object.entries(documented)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    expect(new Set(routes.map(key))).toEqual(new Set(fromDocument));
  });

  it('has no route without a permission but the sign-in steps', () => {
    const withoutPermission = routes.filter((route) => route.access === 'public' || !('permission' in route.access));
    expect(
      withoutPermission
        .filter((route) => route.access === 'public')
        .map(key)
        .sort(),
    ).toEqual(SIGN_IN_ROUTES.public);
    expect(
      withoutPermission
        .filter((route) => sessionKind(route) === 'signing-in')
        .map(key)
        .sort(),
    ).toEqual(SIGN_IN_ROUTES.ownSession);
    expect(
      withoutPermission
        .filter((route) => sessionKind(route) === 'verified')
        .map(key)
        .sort(),
    ).toEqual([...SIGN_IN_ROUTES.verified, ...SIGN_IN_ROUTES.ownRecords].sort());
  });

  it('the calls about the caller: 401 without a token or with a member token, 403 before the PIN, open to any verified staff session', async () => {
    const unverified = await createSession(testApp.app.db, { area: 'admin', subjectId: noPermissions.userId });
    for (const url of SIGN_IN_ROUTES.verified) {
      const route = routes.find((candidate) => key(candidate) === url) as DeclaredRoute;
      expect((await send(route)).statusCode, url).toBe(401);
      expect((await send(route, memberToken)).statusCode, url).toBe(401);
      expect((await send(route, unverified.token)).statusCode, url).toBe(403);
      expect((await send(route, noPermissions.token)).statusCode, url).toBe(200);
    }
    // Asked with nothing (no screen, an empty body, an id of nobody's), they answer 422 or 404, not 401 or 403.
    for (const url of SIGN_IN_ROUTES.ownRecords) {
      const route = routes.find((candidate) => key(candidate) === url) as DeclaredRoute;
      expect((await send(route)).statusCode, url).toBe(401);
      expect((await send(route, memberToken)).statusCode, url).toBe(401);
      expect((await send(route, unverified.token)).statusCode, url).toBe(403);
      expect([404, 422], url).toContain((await send(route, noPermissions.token)).statusCode);
    }
  });

  it('every permission route: 401 without a token, 401 with a member token, 403 without the permission, allowed with it', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (route.access === 'public' || !('permission' in route.access)) continue;
      const holder = holders.get(route.access.permission) as Staff;
      const results = {
        anonymous: (await send(route)).statusCode,
        member: (await send(route, memberToken)).statusCode,
        lacking: (await send(route, noPermissions.token)).statusCode,
        holding: (await send(route, holder.token)).statusCode,
      };
      const ok =
        results.anonymous === 401 &&
        results.member === 401 &&
        results.lacking === 403 &&
        results.holding !== 401 &&
        results.holding !== 403;
      if (!ok) failures.push(`${key(route)} (${route.access.permission}): ${JSON.stringify(results)}`);
    }
    expect(failures).toEqual([]);
  });

  it('the sign-in steps of a session: 401 without a token or with a member token, open to an unverified staff session', async () => {
    const unverified = await createSession(testApp.app.db, { area: 'admin', subjectId: noPermissions.userId });
    // Logout last: it ends the session.
    for (const url of [...SIGN_IN_ROUTES.ownSession].reverse()) {
      const route = routes.find((candidate) => key(candidate) === url) as DeclaredRoute;
      expect((await send(route)).statusCode, url).toBe(401);
      expect((await send(route, memberToken)).statusCode, url).toBe(401);
      expect([401, 403], url).not.toContain((await send(route, unverified.token)).statusCode);
    }
  });

  it('a staff session that has not entered its PIN gets 403 on every permission route', async () => {
    const admin = await createStaff(testApp.app, 'super-admin');
    const unverified = await createSession(testApp.app.db, { area: 'admin', subjectId: admin.userId });
    const response = await call(testApp.app, 'GET', '/api/v1/users', { token: unverified.token });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Enter the PIN we sent you to finish signing in.');
  });

  it('a staff token is refused by the member area', async () => {
    const response = await call(testApp.app, 'POST', '/api/app/beneficiary-sessions/otp', {
      token: noPermissions.token,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('default deny at start-up', () => {
  async function buildWith(register: (app: Awaited<ReturnType<typeof buildApp>>) => void) {
    const app = await buildApp({
      config: testApp.config,
      database: testApp.database.handle,
      logStream: { write: () => true } as unknown as NodeJS.WritableStream,
    });
    try {
      register(app);
      await app.ready();
    } finally {
      await app.close().catch(() => undefined);
    }
  }

  it('refuses an /api/v1 route that declares no permission', async () => {
    await expect(
      buildWith((app) =>
        app.get('/api/v1/unguarded', { config: { access: { area: 'admin' } as never } }, async () => 'x'),
      ),
    ).rejects.toThrow(UndeclaredAccessError);
    await expect(buildWith((app) => app.get('/api/v1/undeclared', async () => 'x'))).rejects.toThrow(
      UndeclaredAccessError,
    );
  });

  it('refuses a permission that is not in the code list, and member access on /api/v1', async () => {
    await expect(
      buildWith((app) =>
        app.get(
          '/api/v1/typo',
          { config: { access: { area: 'admin', permission: 'user.read' as never } } },
          async () => 'x',
        ),
      ),
    ).rejects.toThrow(/permission/);
    await expect(
      buildWith((app) => app.get('/api/v1/members', { config: { access: { area: 'beneficiary' } } }, async () => 'x')),
    ).rejects.toThrow(UndeclaredAccessError);
  });
});
