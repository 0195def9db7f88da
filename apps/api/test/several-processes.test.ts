import { type ChildProcess, fork } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSaIdNumber } from '@bcp/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createPerson, STRONG_PASSWORD } from './support/accounts.js';
import { claimingMember, multipartBody, SAMPLE_FILES } from './support/claims.js';
import { startSmsGateway } from './support/message-servers.js';
import { startS3Server, type TestS3Server } from './support/s3-server.js';
import { createStaff } from './support/staff.js';
import { createTestApp, freePort, type TestApp, xsrfPair } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * Issue 22 item 2, README "Deployment": two API processes behind one load balancer share
 * PostgreSQL, Redis and the S3 store. A session made on one works on the other, rate limits are
 * counted once for both, a notification made on one reaches a live client of the other, a document
 * uploaded through one is served by the other, and a background job runs once.
 *
 * On PostgreSQL (`TEST_DATABASE_URL`, `npm run test:api` in CI) the two are real child processes of
 * the server's entry point (`src/main.ts`, run by tsx) on a fresh database of their own. The
 * embedded database belongs to one process, so without PostgreSQL (`npm test`) the same checks run
 * against two app instances in this process sharing one PGlite database, Redis and s3rver: what is
 * shared through Redis and the bucket is still shared only through them.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const APP_SECRET = 'several-processes-secret-0123456789-abcdefgh';

/** Two API processes (or instances) and what the test reaches behind them. */
interface TwoProcesses {
  a: string;
  b: string;
  /** An app on the same database that never starts (no job workers): for the test's own rows. */
  seeder: FastifyInstance;
  /** Stops both, gracefully; answers how each ended (`code` 0 for a clean exit). */
  stop(): Promise<{ code: number | null; signal: string | null }[]>;
}

/** The environment of both processes: one database, one Redis, one bucket, one SMS gateway. */
function sharedEnv(s3: TestS3Server, smsGatewayUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    SEED_DEMO_DATA: 'false',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: join(tmpdir(), 'bcp-no-web-build'),
    ADMIN_DIST_DIR: join(tmpdir(), 'bcp-no-admin-build'),
    APP_SECRET,
    REDIS_URL,
    // Behind one load balancer (one trusted hop): the client's address is the X-Forwarded-For one (each test's own,
    // so counters in the shared Redis never meet another run's).
    TRUST_PROXY: '1',
    SMS_GATEWAY_URL: smsGatewayUrl,
    JOB_POLL_INTERVAL_SECONDS: '0.5',
    ...s3.env,
  };
}

/** Polls `GET /api/ready` until it answers 200; throws when the child exits first or after 45 s. */
async function waitUntilReady(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the API process at ${origin} exited`);
    const status = await fetch(`${origin}/api/ready`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API process at ${origin} was not ready within 45 s`);
}

/** Two child processes of `src/main.ts` (the production entry point) on the PostgreSQL database `database`. */
async function startChildProcesses(env: Record<string, string>, database: TestDatabase): Promise<TwoProcesses> {
  const entry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const folders: string[] = [];
  const children: { child: ChildProcess; origin: string }[] = [];
  for (let index = 0; index < 2; index += 1) {
    const port = await freePort();
    // A data folder each: nothing is shared through local files.
    const dataDir = mkdtempSync(join(tmpdir(), 'bcp-process-'));
    folders.push(dataDir);
    const child = fork(entry, [], {
      execArgv: ['--import', 'tsx', '--conditions=source'],
      env: { ...process.env, ...env, DATABASE_URL: database.url as string, DATA_DIR: dataDir, PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push({ child, origin: `http://127.0.0.1:${port}` });
  }
  try {
    await Promise.all(children.map(({ child, origin }) => waitUntilReady(origin, child)));
  } catch (error) {
    for (const { child } of children) child.kill('SIGKILL');
    await database.destroy();
    throw error;
  }
  const seeder = await buildApp({
    config: loadConfig({ ...env, DATABASE_URL: database.url, DATA_DIR: folders[0] }),
    database: database.handle,
  });
  return {
    a: children[0]?.origin as string,
    b: children[1]?.origin as string,
    seeder,
    async stop() {
      const ended = children.map(async ({ child }) => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const [code, signal] = child.exitCode === null && child.signalCode === null ? await once(child, 'exit') : [];
        return { code: code ?? child.exitCode, signal: signal ?? child.signalCode };
      });
      const outcomes = await Promise.all(ended);
      await seeder.close();
      await database.destroy();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      return outcomes;
    },
  };
}

/** Two app instances in this process on one in-memory PGlite database (the embedded-database run). */
async function startInstances(env: Record<string, string>): Promise<TwoProcesses> {
  const first: TestApp = await createTestApp({ listen: true, env });
  const second = await buildApp({ config: first.config, database: first.database.handle });
  await second.listen({ host: '127.0.0.1', port: 0 });
  return {
    a: first.baseUrl as string,
    b: `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`,
    seeder: first.app,
    async stop() {
      await second.close();
      await first.close();
      return [
        { code: 0, signal: null },
        { code: 0, signal: null },
      ];
    },
  };
}

/** A random private address: the client, as the load balancer names it in X-Forwarded-For. */
const randomClient = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

/** A request over real HTTP with the XSRF pair, from `client` (X-Forwarded-For), with a bearer token when given. */
async function send(
  origin: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; client?: string; raw?: { payload: Buffer; contentType: string } } = {},
): Promise<Response> {
  const xsrf = xsrfPair();
  const body = options.raw
    ? { body: new Uint8Array(options.raw.payload), contentType: options.raw.contentType }
    : options.body === undefined
      ? undefined
      : { body: JSON.stringify(options.body), contentType: 'application/json' };
  return fetch(`${origin}${path}`, {
    method,
    headers: {
      ...xsrf.headers,
      cookie: `XSRF-TOKEN=${xsrf.cookies['XSRF-TOKEN']}`,
      'x-forwarded-for': options.client ?? randomClient(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(body ? { 'content-type': body.contentType } : {}),
    },
    ...(body ? { body: body.body } : {}),
  });
}

/** Signs a new member up through `origin` (the PIN goes out as an SMS job); the unverified token and phone. */
async function signUp(origin: string, seeder: FastifyInstance): Promise<{ token: string; phoneNumber: string }> {
  const person = await createPerson(seeder);
  const phoneNumber = `+2782${randomInt(1_000_000, 9_999_999)}`;
  const response = await send(origin, 'POST', '/api/app/person-users', {
    body: {
      idNumber: person.idNumber,
      email: `several-${randomInt(1e9)}@example.co.za`,
      phoneNumber,
      password: STRONG_PASSWORD,
      passwordConfirmation: STRONG_PASSWORD,
      twoFactorMethod: 'SMS',
      acceptTerms: true,
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { token: ((await response.json()) as { apiToken: string }).apiToken, phoneNumber };
}

/** Opens the member's live stream (SSE) and waits for its `: connected` comment; `next()` reads the next notification. */
async function openLiveStream(origin: string, token: string) {
  const response = await fetch(`${origin}/api/app/firebase/live`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const read = async () => {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream of ${origin} ended`);
    buffer += decoder.decode(value, { stream: true });
  };
  while (!buffer.includes(': connected')) await read();
  return {
    async next(): Promise<{ id: number }> {
      for (;;) {
        const match = /event: notification\n(?:id: .*\n)?data: (.*)\n/.exec(buffer);
        if (match?.[1]) {
          buffer = buffer.slice((match.index ?? 0) + match[0].length);
          return JSON.parse(match[1]) as { id: number };
        }
        await read();
      }
    },
    close: () => reader.cancel(),
  };
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe(`two API processes sharing ${onPostgres ? 'PostgreSQL' : 'one PGlite database (in one process)'}, Redis and S3`, () => {
  let s3: TestS3Server;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let processes: TwoProcesses;

  beforeAll(async () => {
    s3 = await startS3Server();
    gateway = await startSmsGateway();
    const env = sharedEnv(s3, gateway.url);
    processes = onPostgres ? await startChildProcesses(env, await createTestDatabase()) : await startInstances(env);
  }, scaled(90_000));
  afterAll(async () => {
    await gateway?.close();
    await s3?.close();
  });

  it('a session made on one works on the other, and signing out on the other ends it on both', async () => {
    const { a, b, seeder } = processes;
    const member = await signUp(a, seeder);
    const otp = await send(b, 'GET', `/api/dev/otp?destination=${encodeURIComponent(member.phoneNumber)}`);
    expect(otp.status).toBe(200);
    const verified = await send(b, 'POST', '/api/app/beneficiary-sessions/verifyOtp', {
      token: member.token,
      body: { otp: ((await otp.json()) as { otp: string }).otp },
    });
    expect(verified.status).toBe(200);
    expect((await send(a, 'GET', '/api/app/firebase/notification-total', { token: member.token })).status).toBe(200);
    expect((await send(b, 'DELETE', '/api/app/beneficiary-sessions/logout', { token: member.token })).status).toBe(200);
    expect((await send(a, 'GET', '/api/app/firebase/notification-total', { token: member.token })).status).toBe(401);
  });

  it('counts a rate limit once for both: exhausted through one, the other answers 429', async () => {
    const { a, b } = processes;
    const client = randomClient();
    // An ID number nobody has: the per-account counter (5 a minute) is keyed by it as typed.
    const identifier = buildSaIdNumber(
      `19${randomInt(40, 99)}-0${randomInt(1, 9)}-1${randomInt(0, 9)}`,
      randomInt(0, 9999),
    );
    const login = (origin: string) =>
      send(origin, 'POST', '/api/app/beneficiary-sessions/login', {
        client,
        body: { identifier, password: 'Not-The-Password-1' },
      });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(a)).status).toBe(401);
    const refused = await login(b);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('delivers a notification made through one to live (SSE) clients of both', async () => {
    const { a, b, seeder } = processes;
    const member = await claimingMember(seeder);
    // One live client on each: whichever process's worker delivers it, both must get it (a hub
    // within one process would reach only the clients of that process).
    const streams = [await openLiveStream(a, member.token), await openLiveStream(b, member.token)];
    try {
      const response = await send(a, 'POST', '/api/dev/notifications', {
        token: member.token,
        body: { title: 'Made on process A' },
      });
      expect(response.status).toBe(201);
      const { notificationId } = (await response.json()) as { notificationId: number };
      const received = await Promise.all(streams.map((stream) => stream.next()));
      expect(received.map((event) => event.id)).toEqual([notificationId, notificationId]);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it('serves a document uploaded through one from the other (the S3 store)', async () => {
    const { a, b, seeder } = processes;
    const member = await claimingMember(seeder);
    const draft = await send(a, 'POST', `/api/app/benefit-claims/${member.benefitId}`, {
      token: member.token,
      body: {},
    });
    expect(draft.status).toBe(200);
    const uploaded = await send(a, 'POST', `/api/app/benefit-claims/${member.benefitId}/documents?kind=ID_COPY`, {
      token: member.token,
      raw: multipartBody('id.pdf', SAMPLE_FILES.pdf),
    });
    expect(uploaded.status).toBe(201);
    const claim = (await uploaded.json()) as { id: number; documents: { id: number }[] };
    const reviewer = await createStaff(seeder, ['claims.read']);
    const served = await send(b, 'GET', `/api/v1/benefits/claim/${claim.id}/documents/${claim.documents[0]?.id}`, {
      token: reviewer.token,
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(SAMPLE_FILES.pdf)).toBe(true);
  });

  it('runs each background job once: every PIN SMS queued through either reaches the gateway exactly once', async () => {
    const { a, b, seeder } = processes;
    const phones: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      phones.push((await signUp(index % 2 === 0 ? a : b, seeder)).phoneNumber);
    }
    const sentTo = () =>
      gateway.requests
        .map((request) => (request.body as { to?: string }).to)
        .filter((to): to is string => phones.includes(to as string));
    await expect.poll(() => sentTo().length, { timeout: scaled(15_000) }).toBe(phones.length);
    // Two more polling rounds of both workers: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sentTo().sort()).toEqual([...phones].sort());
  });

  it('both stop gracefully (SIGTERM: exit code 0)', async () => {
    const outcomes = await processes.stop();
    expect(outcomes).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
  });
});
