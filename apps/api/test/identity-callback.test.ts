import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { identityVerifications, personUsers } from '../src/db/schema/index.js';
import {
  recordIdentityResult,
  startIdentityVerification,
} from '../src/modules/identity-verifications/identity-verifications.service.js';
import { AppError } from '../src/platform/errors/app-error.js';
import { signCallbackBody } from '../src/platform/identity/callback-signature.js';
import { isSandboxProvider, type SandboxIdentityProvider } from '../src/platform/identity/sandbox-provider.js';
import { createPersonUser, ensureIdentityVerification } from './support/fixtures.js';
import { createTestApp, type TestApp, xsrfPair } from './support/test-app.js';

const CALLBACK_URL = '/api/app/identity-verifications/callback';

let testApp: TestApp;
let sandbox: SandboxIdentityProvider;
beforeAll(async () => {
  testApp = await createTestApp({
    async prepare(app) {
      await ensureIdentityVerification(app);
      // Outside the identity plugin, JSON bodies must still be parsed as usual.
      app.post(
        '/api/test/echo-json',
        {
          config: { access: 'public' },
          schema: { operationId: 'testEchoJson', body: z.object({ value: z.string() }) },
        },
        async (request) => ({ type: typeof request.body, body: request.body }),
      );
    },
  });
  const provider = testApp.app.identityProvider;
  if (!isSandboxProvider(provider)) throw new Error('the tests expect the sandbox provider');
  sandbox = provider;
});
afterAll(async () => testApp.close());

/** A member with a pending sandbox check. */
async function pendingCheck() {
  const member = await createPersonUser(testApp.app.db);
  const { reference } = await startIdentityVerification(
    { db: testApp.app.db, provider: sandbox, config: testApp.config },
    member.personUserId,
  );
  return { ...member, reference };
}

function callbackBody(reference: string, status: 'passed' | 'failed', extra: Record<string, unknown> = {}) {
  return JSON.stringify({ reference, status, timestamp: new Date().toISOString(), ...extra });
}

function postCallback(rawBody: string, signature: string | undefined, contentType = 'application/json') {
  return testApp.app.inject({
    method: 'POST',
    url: CALLBACK_URL,
    headers: { 'content-type': contentType, ...(signature === undefined ? {} : { 'x-signature': signature }) },
    payload: rawBody,
  });
}

async function checkRow(reference: string) {
  const [row] = await testApp.app.db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.reference, reference));
  return row;
}

async function isVerified(personUserId: number) {
  const [row] = await testApp.app.db.select().from(personUsers).where(eq(personUsers.id, personUserId));
  return row?.iidentifiiVerified;
}

const logsWith = (message: string) => testApp.logs.filter((line) => line.msg === message);

describe('POST /api/app/identity-verifications/callback', () => {
  it('applies a correctly signed "passed" result: the check passes and the member is verified', async () => {
    const member = await pendingCheck();
    const body = callbackBody(member.reference, 'passed');
    const response = await postCallback(body, sandbox.signCallback(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const check = await checkRow(member.reference);
    expect(check?.status).toBe('passed');
    expect(check?.completedAt).toBeInstanceOf(Date);
    expect(await isVerified(member.personUserId)).toBe(true);
  });

  it('applies a "failed" result with its reason and leaves the member unverified', async () => {
    const member = await pendingCheck();
    const body = callbackBody(member.reference, 'failed', { reason: 'The photo does not match.' });
    const response = await postCallback(body, sandbox.signCallback(body), 'application/json; charset=utf-8');
    expect(response.statusCode).toBe(200);
    const check = await checkRow(member.reference);
    expect(check?.status).toBe('failed');
    expect(check?.failureReason).toBe('The photo does not match.');
    expect(await isVerified(member.personUserId)).toBe(false);
  });

  it('answers a replayed callback 200 and changes nothing', async () => {
    const member = await pendingCheck();
    const body = callbackBody(member.reference, 'failed', { reason: 'Expired document.' });
    const signature = sandbox.signCallback(body);
    expect((await postCallback(body, signature)).statusCode).toBe(200);
    const first = await checkRow(member.reference);
    const completedBefore = logsWith('identity check completed').length;

    const replay = await postCallback(body, signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true });
    expect(await checkRow(member.reference)).toEqual(first);
    expect(logsWith('identity check completed').length).toBe(completedBefore);
    expect(logsWith('identity check result replayed; nothing changed').length).toBeGreaterThan(0);
  });

  it('ignores (and logs) a different result for a completed check', async () => {
    const member = await pendingCheck();
    const failed = callbackBody(member.reference, 'failed', { reason: 'Expired document.' });
    expect((await postCallback(failed, sandbox.signCallback(failed))).statusCode).toBe(200);
    const before = await checkRow(member.reference);

    const passed = callbackBody(member.reference, 'passed');
    const response = await postCallback(passed, sandbox.signCallback(passed));
    expect(response.statusCode).toBe(200);
    expect(await checkRow(member.reference)).toEqual(before);
    expect(await isVerified(member.personUserId)).toBe(false);
    const warning = logsWith('identity check result differs from the one kept; ignored').at(-1);
    expect(warning).toMatchObject({ personUserId: member.personUserId, status: 'passed', keptStatus: 'failed' });
  });

  it('applies concurrent identical callbacks once', async () => {
    const member = await pendingCheck();
    const body = callbackBody(member.reference, 'passed');
    const signature = sandbox.signCallback(body);
    const completedBefore = logsWith('identity check completed').length;
    const responses = await Promise.all(Array.from({ length: 6 }, () => postCallback(body, signature)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(logsWith('identity check completed').length).toBe(completedBefore + 1);
    const check = await checkRow(member.reference);
    const [user] = await testApp.app.db.select().from(personUsers).where(eq(personUsers.id, member.personUserId));
    expect(user?.iidentifiiVerified).toBe(true);
    expect(user?.iidentifiiVerifiedAt).toEqual(check?.completedAt);
  });

  it('records concurrent results through the service exactly once', async () => {
    const member = await pendingCheck();
    const results = await Promise.all([
      recordIdentityResult(testApp.app.db, { reference: member.reference, status: 'passed' }, 'sandbox'),
      recordIdentityResult(testApp.app.db, { reference: member.reference, status: 'failed', reason: 'x' }, 'sandbox'),
      recordIdentityResult(testApp.app.db, { reference: member.reference, status: 'passed' }, 'sandbox'),
    ]);
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    const kept = (await checkRow(member.reference))?.status;
    expect(results.every((result) => result.status === kept && result.personUserId === member.personUserId)).toBe(true);
  });

  describe('refuses, with 401 and no change,', () => {
    const cases: [string, (rawBody: string) => string | undefined][] = [
      ['a missing X-Signature header', () => undefined],
      ['a signature made with another key', (rawBody) => signCallbackBody('some-other-secret-0123456789', rawBody)],
      [
        'a stale timestamp (6 minutes old)',
        (rawBody) => sandbox.signCallback(rawBody, new Date(Date.now() - 6 * 60_000)),
      ],
      [
        'a timestamp 6 minutes in the future',
        (rawBody) => sandbox.signCallback(rawBody, new Date(Date.now() + 6 * 60_000)),
      ],
      ['a signature over another body', (rawBody) => sandbox.signCallback(`${rawBody} `)],
      [
        'a valid signature moved to another timestamp',
        (rawBody) => sandbox.signCallback(rawBody).replace(/t=(\d+)/, (_, t) => `t=${Number(t) - 1}`),
      ],
      ['a header without v1', (rawBody) => sandbox.signCallback(rawBody).replace(/,v1=.*/, '')],
      ['a malformed header', () => 'garbage'],
    ];
    for (const [name, sign] of cases) {
      it(name, async () => {
        const member = await pendingCheck();
        const body = callbackBody(member.reference, 'passed');
        const response = await postCallback(body, sign(body));
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          message: 'The callback signature is missing or not valid.',
          code: 'invalid_signature',
        });
        expect((await checkRow(member.reference))?.status).toBe('pending');
        expect(await isVerified(member.personUserId)).toBe(false);
      });
    }
  });

  it('accepts a signature dated 4 minutes ago (inside the 5-minute window)', async () => {
    const member = await pendingCheck();
    const body = callbackBody(member.reference, 'passed');
    const response = await postCallback(body, sandbox.signCallback(body, new Date(Date.now() - 4 * 60_000)));
    expect(response.statusCode).toBe(200);
    expect(await isVerified(member.personUserId)).toBe(true);
  });

  it('answers 404 for a correctly signed callback with an unknown reference', async () => {
    const body = callbackBody('no-such-reference', 'passed');
    const response = await postCallback(body, sandbox.signCallback(body));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This identity check does not exist.', code: 'not_found' });
  });

  it('answers 422 with per-field messages for a signed body that is not a valid callback', async () => {
    const member = await pendingCheck();
    const body = JSON.stringify({ reference: member.reference, status: 'approved' });
    const response = await postCallback(body, sandbox.signCallback(body));
    expect(response.statusCode).toBe(422);
    const answer = response.json();
    expect(answer.message).toBe('The given data was invalid.');
    expect(Object.keys(answer.errors).sort()).toEqual(['status', 'timestamp']);
    expect((await checkRow(member.reference))?.status).toBe('pending');

    const notJson = '{"reference": ';
    const malformed = await postCallback(notJson, sandbox.signCallback(notJson));
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ body: ['Must be a JSON object.'] });
  });

  it('checks the signature before the body: an unsigned malformed body is 401', async () => {
    const response = await postCallback('{"reference": ', undefined);
    expect(response.statusCode).toBe(401);
  });

  it('needs no XSRF token (providers have no cookies), and other routes still parse JSON as usual', async () => {
    const member = await pendingCheck();
    const body = callbackBody(member.reference, 'passed');
    const response = await testApp.app.inject({
      method: 'POST',
      url: CALLBACK_URL,
      headers: { 'content-type': 'application/json', 'x-signature': sandbox.signCallback(body) },
      payload: body,
    });
    expect(response.statusCode).toBe(200);

    const echo = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo-json',
      ...xsrfPair(),
      payload: { value: 'parsed' },
    });
    expect(echo.statusCode).toBe(200);
    expect(echo.json()).toEqual({ type: 'object', body: { value: 'parsed' } });
  });
});

describe('recordIdentityResult', () => {
  it('throws AppError not_found for an unknown reference', async () => {
    const error = await recordIdentityResult(testApp.app.db, { reference: 'unknown', status: 'passed' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(404);
  });

  it('only matches the given provider’s checks', async () => {
    const member = await pendingCheck();
    await expect(
      recordIdentityResult(testApp.app.db, { reference: member.reference, status: 'passed' }, 'iidentifii'),
    ).rejects.toMatchObject({ kind: 'not_found' });
    expect((await checkRow(member.reference))?.status).toBe('pending');
  });
});
