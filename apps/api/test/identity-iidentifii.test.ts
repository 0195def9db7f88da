import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { identityVerifications, personUsers } from '../src/db/schema/index.js';
import { startIdentityVerification } from '../src/modules/identity-verifications/identity-verifications.service.js';
import { signCallbackBody } from '../src/platform/identity/callback-signature.js';
import { deriveSandboxKey } from '../src/platform/identity/sandbox-provider.js';
import { createPersonUser, ensureIdentityVerification } from './support/fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const API_KEY = 'iidentifii-test-api-key-0123456789';
const CALLBACK_SECRET = 'iidentifii-test-callback-secret-0123456789';

/** What the fake provider received. */
interface ReceivedRequest {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A real local HTTP server speaking the provider protocol we assume (`iidentifii-provider.ts`):
 * `POST /v1/verifications` with the bearer API key answers `{ id, url }`; `answer` overrides that.
 */
const provider = {
  server: undefined as Server | undefined,
  baseUrl: '',
  received: [] as ReceivedRequest[],
  answer: undefined as ((response: ServerResponse) => void) | undefined,
  nextId: 1,
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function startFakeProvider() {
  provider.server = createServer(async (request, response) => {
    const raw = await readBody(request);
    provider.received.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: raw ? JSON.parse(raw) : {},
    });
    if (provider.answer) return provider.answer(response);
    if (request.method !== 'POST' || request.url !== '/v1/verifications') {
      response.writeHead(404).end();
      return;
    }
    if (request.headers.authorization !== `Bearer ${API_KEY}`) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad key"}');
      return;
    }
    const id = `iid-${provider.nextId++}`;
    response
      .writeHead(201, { 'content-type': 'application/json' })
      .end(JSON.stringify({ id, url: `${provider.baseUrl}/verify/${id}` }));
  });
  await new Promise<void>((resolve) => provider.server?.listen(0, '127.0.0.1', resolve));
  provider.baseUrl = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
}

/** Stands in for the lead's sign-in route: starts a check through the real service and provider. */
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
  await startFakeProvider();
  testApp = await createTestApp({
    listen: true,
    env: {
      IDENTITY_PROVIDER: 'iidentifii',
      // With a trailing slash: the adapter must not double it.
      IIDENTIFII_BASE_URL: `${provider.baseUrl}/v1/`,
      IIDENTIFII_API_KEY: API_KEY,
      IIDENTIFII_CALLBACK_SECRET: CALLBACK_SECRET,
    },
    async prepare(app) {
      await ensureIdentityVerification(app);
      registerStartRoute(app);
    },
  });
  baseUrl = testApp.baseUrl as string;
});
afterAll(async () => {
  await testApp.close();
  await new Promise((resolve) => provider.server?.close(resolve));
});
beforeEach(() => {
  provider.received = [];
  provider.answer = undefined;
});

async function start(personUserId: number) {
  const response = await fetch(`${baseUrl}/api/test/identity/start/${personUserId}`);
  return {
    status: response.status,
    body: (await response.json()) as { url: string; reference: string; message?: string },
  };
}

/** The provider's callback over real HTTP, signed with the given secret. */
async function callBack(body: Record<string, unknown>, secret: string | Buffer = CALLBACK_SECRET) {
  const raw = JSON.stringify({ timestamp: new Date().toISOString(), ...body });
  return fetch(`${baseUrl}/api/app/identity-verifications/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signCallbackBody(secret, raw) },
    body: raw,
  });
}

async function checksOf(personUserId: number) {
  return testApp.app.db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.personUserId, personUserId));
}

describe('iidentifii adapter against a real HTTP server speaking the protocol', () => {
  it('creates the check with the bearer key and the person, and the signed callback verifies the member', async () => {
    const member = await createPersonUser(testApp.app.db, { firstName: 'Pieter', lastName: 'van der Merwe' });
    const started = await start(member.personUserId);
    expect(started.status).toBe(200);

    expect(provider.received).toHaveLength(1);
    const [request] = provider.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/verifications');
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.contentType).toContain('application/json');
    expect(request?.body).toEqual({
      externalReference: String(member.personUserId),
      idNumber: member.idNumber,
      firstName: 'Pieter',
      lastName: 'van der Merwe',
      returnUrl: `${baseUrl}/id-verify/${member.idNumber}`,
      callbackUrl: `${baseUrl}/api/app/identity-verifications/callback`,
    });

    const reference = started.body.reference;
    expect(reference).toMatch(/^iid-\d+$/);
    expect(started.body.url).toBe(`${provider.baseUrl}/verify/${reference}`);
    const [check] = await checksOf(member.personUserId);
    expect(check).toMatchObject({ provider: 'iidentifii', reference, status: 'pending' });

    const callback = await callBack({ reference, status: 'passed' });
    expect(callback.status).toBe(200);
    expect(await callback.json()).toEqual({ received: true });
    const [user] = await testApp.app.db.select().from(personUsers).where(eq(personUsers.id, member.personUserId));
    expect(user?.iidentifiiVerified).toBe(true);
  });

  it('refuses a callback signed with the sandbox key, or any key but the callback secret (401)', async () => {
    const member = await createPersonUser(testApp.app.db);
    const { body } = await start(member.personUserId);
    const sandboxSigned = await callBack(
      { reference: body.reference, status: 'passed' },
      deriveSandboxKey(testApp.config.appSecret as string),
    );
    expect(sandboxSigned.status).toBe(401);
    const appSecretSigned = await callBack(
      { reference: body.reference, status: 'passed' },
      testApp.config.appSecret as string,
    );
    expect(appSecretSigned.status).toBe(401);
    const [check] = await checksOf(member.personUserId);
    expect(check?.status).toBe('pending');
  });

  it('answers 503 "not available" when the provider answers 500, records nothing, and logs no ID number or key', async () => {
    provider.answer = (response) => response.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
    const member = await createPersonUser(testApp.app.db);
    const started = await start(member.personUserId);
    expect(started.status).toBe(503);
    expect(started.body).toEqual({
      message: 'The identity check service is not available. Please try again later.',
      code: 'identity_service_unavailable',
    });
    expect(provider.received).toHaveLength(1);
    expect(await checksOf(member.personUserId)).toHaveLength(0);
    const logged = JSON.stringify(testApp.logs);
    expect(logged).toContain('identity provider refused to start a check');
    expect(logged).not.toContain(member.idNumber);
    expect(logged).not.toContain(API_KEY);
  });

  it('answers 503 when the provider refuses the API key', async () => {
    provider.answer = (response) => response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    const member = await createPersonUser(testApp.app.db);
    expect((await start(member.personUserId)).status).toBe(503);
  });

  it('answers 503 when the provider answers an unexpected shape or a non-http URL', async () => {
    const member = await createPersonUser(testApp.app.db);
    provider.answer = (response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ reference: 'x' }));
    expect((await start(member.personUserId)).status).toBe(503);
    provider.answer = (response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: 'x', url: 'javascript:alert(1)' }));
    expect((await start(member.personUserId)).status).toBe(503);
    provider.answer = (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    expect((await start(member.personUserId)).status).toBe(503);
    expect(await checksOf(member.personUserId)).toHaveLength(0);
  });

  it('answers 409 without calling the provider when the member is already verified', async () => {
    const member = await createPersonUser(testApp.app.db, { iidentifiiVerified: true });
    const started = await start(member.personUserId);
    expect(started.status).toBe(409);
    expect(started.body).toEqual({ message: 'Your identity is already verified.', code: 'identity_already_verified' });
    expect(provider.received).toHaveLength(0);
  });
});

describe('issue 18 iidentifii adapter: the images of a check', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('GETs /verifications/{id}/images with the API key and decodes the base64 images', async () => {
    provider.answer = (response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ images: [{ kind: 'selfie', data: PNG.toString('base64') }] }));
    const images = await testApp.app.identityProvider.fetchImages('iid-7');
    expect(images).toEqual([{ kind: 'selfie', content: PNG }]);
    expect(provider.received[0]).toMatchObject({
      method: 'GET',
      url: '/v1/verifications/iid-7/images',
      authorization: `Bearer ${API_KEY}`,
    });
  });

  it('answers unavailable (and logs the status) when the provider refuses or answers another shape', async () => {
    provider.answer = (response) => response.writeHead(500).end();
    await expect(testApp.app.identityProvider.fetchImages('iid-8')).rejects.toMatchObject({
      code: 'identity_service_unavailable',
    });
    expect(testApp.logs.some((line) => line.msg === 'identity provider refused the images')).toBe(true);
    provider.answer = (response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"images":[{"kind":"selfie"}]}');
    await expect(testApp.app.identityProvider.fetchImages('iid-9')).rejects.toMatchObject({
      code: 'identity_service_unavailable',
    });
  });
});

describe('iidentifii adapter when the provider cannot be reached', () => {
  let unreachable: TestApp;
  beforeAll(async () => {
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    unreachable = await createTestApp({
      env: {
        IDENTITY_PROVIDER: 'iidentifii',
        IIDENTIFII_BASE_URL: `http://127.0.0.1:${port}`,
        IIDENTIFII_API_KEY: API_KEY,
        IIDENTIFII_CALLBACK_SECRET: CALLBACK_SECRET,
      },
      async prepare(app) {
        await ensureIdentityVerification(app);
        registerStartRoute(app);
      },
    });
  });
  afterAll(async () => unreachable.close());

  it('answers 503 and logs that the provider is unreachable', async () => {
    const member = await createPersonUser(unreachable.app.db);
    const response = await unreachable.app.inject({
      method: 'GET',
      url: `/api/test/identity/start/${member.personUserId}`,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The identity check service is not available. Please try again later.',
      code: 'identity_service_unavailable',
    });
    expect(unreachable.logs.some((line) => line.msg === 'identity provider unreachable')).toBe(true);
  });
});
