import SwaggerParser from '@apidevtools/swagger-parser';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { identityVerifications, personUsers } from '../src/db/schema/index.js';
import { identityVerificationRoutes } from '../src/modules/identity-verifications/app.routes.js';
import {
  latestIdentityVerification,
  startIdentityVerification,
} from '../src/modules/identity-verifications/identity-verifications.service.js';
import { identitySandboxRoutes, SANDBOX_FAILURE_REASON } from '../src/modules/identity-verifications/sandbox.routes.js';
import { installOpenApi } from '../src/platform/http/openapi.js';
import { createPersonUser, ensureIdentityVerification } from './support/fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Stands in for the lead's `GET /api/app/beneficiary-sessions/iidentifii` (which needs sign-in):
 * starts a check for a person user through the real service and provider.
 */
function registerStartRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/test/identity/start/:personUserId',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        operationId: 'testStartIdentityCheck',
        params: z.object({ personUserId: z.coerce.number().int() }),
      },
    },
    async (request) =>
      startIdentityVerification(
        { db: app.db, provider: app.identityProvider, config: app.config },
        request.params.personUserId,
      ),
  );
}

let testApp: TestApp;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp({
    listen: true,
    async prepare(app) {
      await ensureIdentityVerification(app);
      registerStartRoute(app);
    },
  });
  baseUrl = testApp.baseUrl as string;
});
afterAll(async () => testApp.close());

async function start(personUserId: number) {
  const response = await fetch(`${baseUrl}/api/test/identity/start/${personUserId}`);
  return { status: response.status, body: (await response.json()) as { url: string; reference: string } };
}

/** What a browser sends when it navigates: pages are for browsers, other clients get ErrorResponse. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Opens a sandbox page the way a browser does. */
async function openPage(url: string) {
  return fetch(url, { headers: { accept: BROWSER_ACCEPT } });
}

async function submit(url: string, outcome: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  });
}

async function personUserRow(personUserId: number) {
  const [row] = await testApp.app.db.select().from(personUsers).where(eq(personUsers.id, personUserId));
  return row;
}

async function checkRow(reference: string) {
  const [row] = await testApp.app.db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.reference, reference));
  return row;
}

const callbackRequests = () =>
  testApp.logs.filter(
    (line) => (line.req as { url?: string } | undefined)?.url === '/api/app/identity-verifications/callback',
  );

describe('identity sandbox: the whole journey over real HTTP', () => {
  it('start -> page with first name and masked ID only -> pass -> 303 to the app -> signed callback -> verified', async () => {
    const member = await createPersonUser(testApp.app.db, { firstName: 'Nomsa', lastName: 'Dlamini' });
    const started = await start(member.personUserId);
    expect(started.status).toBe(200);
    expect(started.body.url).toBe(`${baseUrl}/api/identity-sandbox/checks/${started.body.reference}`);
    // At least 128 random bits, base64url.
    expect(started.body.reference).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect((await checkRow(started.body.reference))?.status).toBe('pending');

    const page = await openPage(started.body.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('Identity check (sandbox)');
    expect(html).toContain('Nomsa');
    expect(html).toContain(member.idNumber.slice(-4));
    expect(html).not.toContain(member.idNumber);
    expect(html).not.toContain(member.idNumber.slice(0, 6));
    expect(html).not.toContain('Dlamini');
    expect(html).toContain('Pass the check');
    expect(html).toContain('Fail the check');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);

    const callbacksBefore = callbackRequests().length;
    const submitted = await submit(started.body.url, 'pass');
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`${baseUrl}/id-verify/${member.idNumber}`);

    // The sandbox called our callback endpoint over HTTP, as a provider would.
    expect(callbackRequests().length).toBe(callbacksBefore + 1);
    const check = await checkRow(started.body.reference);
    expect(check?.status).toBe('passed');
    expect(check?.completedAt).toBeInstanceOf(Date);
    expect(check?.failureReason).toBeNull();
    const user = await personUserRow(member.personUserId);
    expect(user?.iidentifiiVerified).toBe(true);
    expect(user?.iidentifiiVerifiedAt).toBeInstanceOf(Date);
  });

  it('fail keeps the person unverified and records the reason for the app to show', async () => {
    const member = await createPersonUser(testApp.app.db);
    const started = await start(member.personUserId);
    const submitted = await submit(started.body.url, 'fail');
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`${baseUrl}/id-verify/${member.idNumber}`);
    const check = await checkRow(started.body.reference);
    expect(check?.status).toBe('failed');
    expect(check?.failureReason).toBe(SANDBOX_FAILURE_REASON);
    expect((await personUserRow(member.personUserId))?.iidentifiiVerified).toBe(false);
    const latest = await latestIdentityVerification(testApp.app.db, member.personUserId);
    expect(latest).toMatchObject({ status: 'failed', failureReason: SANDBOX_FAILURE_REASON });
    expect(latest?.completedAt).toBeInstanceOf(Date);

    // The member may try again: a new check, which can pass.
    const retry = await start(member.personUserId);
    expect(retry.status).toBe(200);
    expect(retry.body.reference).not.toBe(started.body.reference);
    expect((await latestIdentityVerification(testApp.app.db, member.personUserId))?.status).toBe('pending');
    expect((await submit(retry.body.url, 'pass')).status).toBe(303);
    expect((await personUserRow(member.personUserId))?.iidentifiiVerified).toBe(true);
  });

  it('answers a completed check with a 409 page, and submitting it again changes nothing', async () => {
    const member = await createPersonUser(testApp.app.db);
    const started = await start(member.personUserId);
    expect((await submit(started.body.url, 'fail')).status).toBe(303);
    const completedAt = (await checkRow(started.body.reference))?.completedAt;

    const page = await openPage(started.body.url);
    expect(page.status).toBe(409);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('already');
    const again = await submit(started.body.url, 'pass');
    expect(again.status).toBe(409);
    const check = await checkRow(started.body.reference);
    expect(check?.status).toBe('failed');
    expect(check?.completedAt).toEqual(completedAt);
    expect((await personUserRow(member.personUserId))?.iidentifiiVerified).toBe(false);
  });

  it('answers an unknown reference with a 404 page', async () => {
    const page = await openPage(`${baseUrl}/api/identity-sandbox/checks/no-such-reference-0123456789`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Identity check not found');
    const submitted = await submit(`${baseUrl}/api/identity-sandbox/checks/no-such-reference-0123456789`, 'pass');
    expect(submitted.status).toBe(404);
  });

  it('answers a client that does not ask for a page in the error shape (issue 13: one error shape)', async () => {
    const unknown = `${baseUrl}/api/identity-sandbox/checks/no-such-reference-0123456789`;
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }] as Record<string, string>[]) {
      const response = await fetch(unknown, { headers });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({
        message: 'There is no identity check at this address.',
        code: 'not_found',
      });
    }
    const member = await createPersonUser(testApp.app.db);
    const started = await start(member.personUserId);
    expect((await submit(started.body.url, 'fail')).status).toBe(303);
    const completed = await fetch(started.body.url);
    expect(completed.status).toBe(409);
    expect(await completed.json()).toEqual({
      message: 'This identity check has already failed. Go back to the app to continue.',
      code: 'conflict',
    });
  });

  it('refuses an outcome other than pass or fail (422) and changes nothing', async () => {
    const member = await createPersonUser(testApp.app.db);
    const started = await start(member.personUserId);
    const submitted = await submit(started.body.url, 'maybe');
    expect(submitted.status).toBe(422);
    expect((await checkRow(started.body.reference))?.status).toBe('pending');
  });

  it('HTML-escapes the first name on the check page', async () => {
    const member = await createPersonUser(testApp.app.db, { firstName: '<script>alert(1)</script>"&\'' });
    const started = await start(member.personUserId);
    const html = await (await openPage(started.body.url)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;&#39;');
  });

  it('answers 409 "already verified" when a verified member starts a check, and records nothing', async () => {
    const member = await createPersonUser(testApp.app.db, { iidentifiiVerified: true });
    const started = await start(member.personUserId);
    expect(started.status).toBe(409);
    expect(started.body).toEqual({ message: 'Your identity is already verified.', code: 'identity_already_verified' });
    expect(await latestIdentityVerification(testApp.app.db, member.personUserId)).toBeUndefined();
  });

  it('answers 404 when the person user does not exist', async () => {
    const started = await start(987_654);
    expect(started.status).toBe(404);
    expect(Object.keys(started.body)).toEqual(['message', 'code']);
  });

  it('never logs the full ID number', async () => {
    const member = await createPersonUser(testApp.app.db);
    const started = await start(member.personUserId);
    await openPage(started.body.url);
    expect((await submit(started.body.url, 'pass')).status).toBe(303);
    // The browser then opens the app's page, whose path holds the ID number.
    await fetch(`${baseUrl}/id-verify/${member.idNumber}`);
    expect(JSON.stringify(testApp.logs)).not.toContain(member.idNumber);
  });

  it('documents its routes in a valid OpenAPI document', async () => {
    // A server with only the identity routes, so that other routes' documentation cannot hide a fault here.
    const bare = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    bare.decorate('db', testApp.app.db);
    bare.decorate('config', testApp.config);
    bare.decorate('identityProvider', testApp.app.identityProvider);
    await installOpenApi(bare);
    await bare.register(identityVerificationRoutes, { prefix: '/api/app' });
    await bare.register(identitySandboxRoutes, { prefix: '/api' });
    const response = await bare.inject({ method: 'GET', url: '/api/openapi.json' });
    await bare.close();
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const callback = document.paths['/api/app/identity-verifications/callback'].post;
    expect(Object.keys(callback.responses).sort()).toEqual(['200', '400', '401', '403', '404', '413', '415', '422']);
    expect(callback.requestBody.content['application/json']).toBeDefined();
    const page = document.paths['/api/identity-sandbox/checks/{reference}'];
    expect(page.get.responses['200'].content['text/html']).toBeDefined();
    expect(page.post.responses['303']).toBeDefined();
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
  });
});

describe('identity sandbox: when the callback cannot be delivered', () => {
  let unreachable: TestApp;
  beforeAll(async () => {
    // Not listening: PUBLIC_URL points at a closed port, so the sandbox's callback fails.
    unreachable = await createTestApp({
      env: { PUBLIC_URL: 'http://127.0.0.1:9' },
      async prepare(app) {
        await ensureIdentityVerification(app);
      },
    });
  });
  afterAll(async () => unreachable.close());

  it('shows a 502 page naming the callback address and leaves the check pending', async () => {
    const member = await createPersonUser(unreachable.app.db);
    const started = await startIdentityVerification(
      { db: unreachable.app.db, provider: unreachable.app.identityProvider, config: unreachable.config },
      member.personUserId,
    );
    const response = await unreachable.app.inject({
      method: 'POST',
      url: `/api/identity-sandbox/checks/${started.reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT },
      payload: 'outcome=pass',
    });
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('http://127.0.0.1:9/api/app/identity-verifications/callback');
    const [check] = await unreachable.app.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.reference, started.reference));
    expect(check?.status).toBe('pending');
  });
});

describe('identity sandbox: with the real provider configured', () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await createTestApp({
      env: {
        IDENTITY_PROVIDER: 'iidentifii',
        IIDENTIFII_BASE_URL: 'http://127.0.0.1:9',
        IIDENTIFII_API_KEY: 'test-api-key',
        IIDENTIFII_CALLBACK_SECRET: 'test-callback-secret-0123456789',
      },
      async prepare(app) {
        await ensureIdentityVerification(app);
      },
    });
  });
  afterAll(async () => real.close());

  it('serves no sandbox pages', async () => {
    const response = await real.app.inject({ method: 'GET', url: '/api/identity-sandbox/checks/anything-at-all' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
