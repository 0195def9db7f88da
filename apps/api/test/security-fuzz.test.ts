import { appendFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { funds, personUsers } from '../src/db/schema/index.js';
import { createApiKey } from '../src/modules/partners/partner-api-keys.service.js';
import { createPartner } from '../src/modules/partners/partners.service.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { call } from './support/accounts.js';
import { type ClaimingMember, claimingMember, prepareClaim, submittedClaim } from './support/claims.js';
import {
  describeSent,
  errorShapeProblem,
  PrototypeGuard,
  rawHttp,
  shortText,
  summarize,
  type Violation,
} from './support/fuzz-checks.js';
import { type OpenApiDocument, type Operation, operationsOf } from './support/fuzz-operations.js';
import {
  type Credentials,
  type FuzzRequest,
  type Pools,
  poolForOperationPath,
  RequestGenerator,
  STRATEGIES,
  XSRF_TOKEN,
} from './support/fuzz-requests.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 13 "Done when": about 2,000 generated requests over every operation of the OpenAPI
 * document, with valid member, staff and partner credentials (and none, and the wrong ones), on
 * PGlite: no answer is 5xx, every non-2xx answer is `{ message, errors? }` and nothing else, and
 * `Object.prototype` never changes. Deterministic: FUZZ_SEED (printed) fixes every request;
 * FUZZ_REQUESTS changes the count.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_113);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_000);
/** With FUZZ_LOG set to a file path, every request and its answer are written there (JSON lines). */
const FUZZ_LOG = process.env.FUZZ_LOG;
/** An answer slower than this is reported as no answer. */
const ANSWER_TIMEOUT_MS = 15_000;
/** The one operation that streams (Server-Sent Events): sent over real HTTP and cut once it starts. */
const LIVE_OPERATION = 'GET /api/app/firebase/live';

/** Operations that, done right, may end a session or a key the fuzzer holds (checked after each 2xx). */
const SESSION_ENDING = /logout|reset-password|twoFactorMethod|^\/api\/v1\/(users|roles|permissions|partners)\//;

const SYSTEM = { actor: { type: 'system', label: 'fuzz' } } as const;

let t: TestApp;
let acting: ClaimingMember;
let bystander: ClaimingMember;
let staff: Staff;
let partnerKey: string;
let administeredFunds: number[];
const pools: Pools = new Map();

async function newPartnerKey(): Promise<{ partnerId: number; keyId: number; key: string }> {
  const partner = await createPartner(
    t.app.db,
    { name: `Fuzz Administrator ${Date.now()}`, kind: 'fund-administrator' },
    SYSTEM,
  );
  for (const fundId of administeredFunds) {
    await t.app.db.update(funds).set({ administratorPartnerId: partner.id }).where(eq(funds.id, fundId));
  }
  const key = await createApiKey(t.app.db, partner.id, { name: 'Fuzz' }, SYSTEM);
  return { partnerId: partner.id, keyId: key.id, key: key.key };
}

function addToPool(name: string, ...ids: unknown[]): void {
  const list = pools.get(name) ?? [];
  for (const id of ids) {
    if ((typeof id === 'number' || typeof id === 'string') && !list.includes(id) && list.length < 40) list.push(id);
  }
  pools.set(name, list);
}

/** Identity sandbox check references in an answer (`{ url: ".../api/identity-sandbox/checks/<reference>" }`). */
function harvestReferences(body: string): void {
  for (const match of body.matchAll(/\/api\/identity-sandbox\/checks\/([^"?/\\]+)/g)) {
    addToPool('references', decodeURIComponent(match[1] as string));
  }
}

/** The ids of a JSON answer (`id`, or `items[].id`), into the pool of the operation's collection. */
function harvest(operation: Operation, body: string): void {
  if (operation.path.endsWith('}')) return;
  const pool = poolForOperationPath(operation.path);
  if (!pool) return;
  try {
    const json = JSON.parse(body) as { id?: unknown; items?: { id?: unknown }[] };
    addToPool(pool, json.id, ...(Array.isArray(json.items) ? json.items.map((item) => item?.id) : []));
  } catch {
    // Not JSON: nothing to learn.
  }
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  acting = await claimingMember(t.app, {
    fees: [{ name: 'Admin fee', kind: 'percentage', basisPoints: 150 }],
  });
  await prepareClaim(t.app, acting);
  const submitted = await submittedClaim(t.app);
  bystander = await claimingMember(t.app);
  staff = await createStaff(t.app, 'super-admin');
  const other = await createStaff(t.app, ['users.read', 'funds.read']);
  administeredFunds = [acting.fundId, submitted.fundId];
  const partner = await newPartnerKey();
  partnerKey = partner.key;

  addToPool('personUsers', acting.personUserId, bystander.personUserId);
  // Staff person calls (correct, reset the password, close the account) act on a member of their own.
  const [personOfStaffCalls] = await t.app.db
    .select({ id: personUsers.personId })
    .from(personUsers)
    .where(eq(personUsers.id, (await claimingMember(t.app)).personUserId));
  addToPool('persons', personOfStaffCalls?.id as number);
  addToPool('memberBenefits', acting.benefitId, submitted.benefitId);
  addToPool('claims', submitted.claimId);
  addToPool('funds', acting.fundId, submitted.fundId);
  addToPool('users', other.userId, staff.userId);
  addToPool('partners', partner.partnerId);
  addToPool('apiKeys', partner.keyId);
  const draft = await call(t.app, 'GET', `/api/app/benefit-claims/${acting.benefitId}`, { token: acting.token });
  addToPool('documents', ...((draft.json().documents ?? []) as { id: number }[]).map((document) => document.id));
  const banks = await call(t.app, 'GET', '/api/app/benefit-claims/person-banks', { token: acting.token });
  addToPool('personBanks', ...(banks.json().items as { id: number }[]).map((item) => item.id));
  const fees = await call(t.app, 'GET', `/api/v1/funds/${acting.fundId}/fees`, { token: staff.token });
  addToPool('fees', ...(fees.json().items as { id: number }[]).map((item) => item.id));
  // Pending identity checks, for the sandbox's pages (each completes once).
  for (let count = 0; count < 3; count += 1) {
    const unverified = await claimingMember(t.app, { identityVerified: false });
    harvestReferences(
      (await call(t.app, 'GET', '/api/app/beneficiary-sessions/iidentifii', { token: unverified.token })).body,
    );
  }
  expect(pools.get('references')?.length).toBe(3);
}, scaled(120_000));

afterAll(async () => t?.close());

describe('issue 13: fuzzing every operation', () => {
  it('its checks catch what they are for (a 5xx, each way out of the error shape, a polluted prototype)', () => {
    expect(errorShapeProblem(200, 'text/html', '<p>ok</p>')).toBeUndefined();
    expect(errorShapeProblem(303, undefined, '')).toBeUndefined();
    expect(
      errorShapeProblem(404, 'application/json; charset=utf-8', '{"message":"Not found.","code":"not_found"}'),
    ).toBeUndefined();
    expect(errorShapeProblem(404, 'application/json', '{"message":"Not found."}')).toMatch(/not an ErrorResponse/);
    expect(
      errorShapeProblem(
        422,
        'application/json',
        '{"message":"Invalid.","errors":{"a.b":["Required."]},"code":"validation_failed"}',
      ),
    ).toBeUndefined();
    expect(errorShapeProblem(404, 'application/json', '{"message":"x","statusCode":404}')).toBe(
      'extra keys: statusCode',
    );
    expect(errorShapeProblem(400, 'application/json', '{"error":"Bad Request","message":"x"}')).toBe(
      'extra keys: error',
    );
    expect(errorShapeProblem(404, 'text/html', '<h1>Not found</h1>')).toMatch(/not JSON/);
    expect(errorShapeProblem(422, 'application/json', '{"message":"x","errors":{"a":"b"}}')).toMatch(/errors\.a/);
    expect(errorShapeProblem(500, 'application/json', '["x"]')).toMatch(/not a JSON object/);
    expect(errorShapeProblem(400, 'text/plain', '{"message":"x"}')).toMatch(/content-type/);
    const guard = new PrototypeGuard();
    const target = {} as Record<string, unknown>;
    const naiveMerge = (into: Record<string, unknown>, from: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(from)) {
        if (value && typeof value === 'object') naiveMerge(into[key] as Record<string, unknown>, value as never);
        else into[key] = value;
      }
    };
    naiveMerge(target, JSON.parse('{"__proto__":{"fuzzSelfCheck":"polluted"}}'));
    expect(guard.check(['fuzzSelfCheck'])).toEqual([
      'Object.prototype.fuzzSelfCheck added',
      '({}).fuzzSelfCheck is polluted',
      '[].fuzzSelfCheck is defined',
    ]);
    // The guard undid it, so the run goes on against a clean prototype.
    expect(({} as Record<string, unknown>).fuzzSelfCheck).toBeUndefined();
    expect(guard.check(['fuzzSelfCheck'])).toEqual([]);
  });

  it(
    'answers about 2,000 generated requests below 500, in the error shape, leaving Object.prototype alone',
    async () => {
      const started = Date.now();
      const documentResponse = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(documentResponse.statusCode).toBe(200);
      const document = documentResponse.json() as OpenApiDocument;
      // Deletions last in each round, so the other operations still find what they act on.
      const operations = operationsOf(document).sort(
        (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
      );
      expect(operations.length).toBeGreaterThan(100);

      // Every collection the staff can list: its ids are what valid requests act on.
      for (const operation of operations) {
        if (operation.method === 'GET' && operation.area === 'staff' && operation.pathParams.length === 0) {
          const response = await call(t.app, 'GET', operation.path, { token: staff.token });
          if (response.statusCode === 200) harvest(operation, response.body);
        }
      }

      const credentials: Credentials = {
        member: acting.token,
        staff: staff.token,
        partner: partnerKey,
        otherMember: bystander.token,
      };
      const generator = new RequestGenerator(SEED, document, pools, () => credentials, {
        memberIdNumber: acting.idNumber,
        memberEmail: acting.email,
        memberPhone: acting.phoneNumber,
        staffEmail: staff.email,
      });
      const guard = new PrototypeGuard();
      if (FUZZ_LOG) writeFileSync(FUZZ_LOG, '');
      const violations: Violation[] = [];
      const unsendable: string[] = [];
      const perOperation = new Map<string, number>();
      const statuses = new Map<number | string, number>();
      let refreshed = 0;

      /** A request ended a session or took a key away (logout, a deleted user, a deactivated partner): a fresh one. */
      async function refreshCredentials(): Promise<void> {
        const member = await call(t.app, 'GET', '/api/app/benefits', { token: credentials.member });
        if (member.statusCode !== 200) {
          const session = await createSession(t.app.db, { area: 'beneficiary', subjectId: acting.personUserId });
          await markSessionVerified(t.app.db, session.sessionId);
          credentials.member = session.token;
          refreshed += 1;
        }
        const admin = await call(t.app, 'GET', '/api/v1/roles?pageSize=1', { token: credentials.staff });
        if (admin.statusCode !== 200) {
          const replacement = await createStaff(t.app, 'super-admin');
          credentials.staff = replacement.token;
          addToPool('users', replacement.userId);
          refreshed += 1;
        }
        const partner = await t.app.inject({
          method: 'POST',
          url: '/api/v2/benefitclaim/getlist',
          headers: { authorization: `Bearer ${credentials.partner}` },
          payload: {},
        });
        if (partner.statusCode !== 200) {
          const replacement = await newPartnerKey();
          credentials.partner = replacement.key;
          addToPool('partners', replacement.partnerId);
          addToPool('apiKeys', replacement.keyId);
          refreshed += 1;
        }
      }

      /** The error the server logged while answering (for 5xx): its message and cause. */
      function loggedCause(fromLine: number): string | undefined {
        const line = t.logs.slice(fromLine).find((entry) => Number(entry.level) >= 50);
        if (!line) return undefined;
        const error = (line.error ?? line.err ?? {}) as Record<string, unknown>;
        const where = String(error.stack ?? '')
          .split('\n')
          .find((frame) => frame.includes('/apps/api/src/'))
          ?.trim()
          .replace(/^at .*\((.*)\)$/, '$1')
          .replace(/^.*\/apps\/api\//, '');
        return shortText(
          [error.code, error.message ?? line.msg, error.causeMessage, where].filter(Boolean).join(' — '),
          300,
        );
      }

      async function send(
        request: FuzzRequest,
      ): Promise<{ status: number | 'no answer'; contentType?: string; body: string } | { unsendable: string }> {
        if (request.operation === LIVE_OPERATION) return sendOverHttp(request);
        try {
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<'timeout'>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), ANSWER_TIMEOUT_MS);
          });
          const response = await Promise.race([
            t.app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: request.headers,
              remoteAddress: request.remoteAddress,
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            }),
            timeout,
          ]);
          clearTimeout(timer);
          if (response === 'timeout') return { status: 'no answer', body: '' };
          const contentType = response.headers['content-type'];
          return {
            status: response.statusCode,
            contentType: typeof contentType === 'string' ? contentType : undefined,
            body: response.body,
          };
        } catch (error) {
          return { unsendable: String(error) };
        }
      }

      /** Over a real connection; a stream that opened (200, text/event-stream) is closed at once. */
      function sendOverHttp(
        request: FuzzRequest,
      ): Promise<{ status: number | 'no answer'; contentType?: string; body: string } | { unsendable: string }> {
        return new Promise((resolve) => {
          try {
            const outgoing = httpRequest(
              `${t.baseUrl}${request.url}`,
              { method: request.method, headers: request.headers, timeout: ANSWER_TIMEOUT_MS },
              (response) => {
                const contentType = response.headers['content-type'];
                if (response.statusCode === 200 && contentType?.startsWith('text/event-stream')) {
                  response.destroy();
                  resolve({ status: 200, contentType, body: '' });
                  return;
                }
                const chunks: Buffer[] = [];
                response.on('data', (chunk: Buffer) => chunks.push(chunk));
                response.on('end', () =>
                  resolve({
                    status: response.statusCode ?? 0,
                    contentType,
                    body: Buffer.concat(chunks).toString('utf8'),
                  }),
                );
              },
            );
            outgoing.on('timeout', () => {
              outgoing.destroy();
              resolve({ status: 'no answer', body: '' });
            });
            outgoing.on('error', (error) => resolve({ unsendable: String(error) }));
            outgoing.end(request.payload);
          } catch (error) {
            resolve({ unsendable: String(error) });
          }
        });
      }

      function judge(
        request: Pick<FuzzRequest, 'operation' | 'method' | 'url' | 'payload' | 'markers'> & {
          strategy: string;
          credential: string;
        },
        answer: { status: number | 'no answer'; contentType?: string; body: string },
        logFrom: number,
      ): void {
        const base = {
          operation: request.operation,
          strategy: request.strategy,
          credential: request.credential,
          method: request.method,
          url: request.url,
          status: answer.status,
          body: shortText(answer.body, 200),
          sent: describeSent(request.payload),
        };
        if (answer.status === 'no answer') {
          violations.push({ ...base, kind: '5xx', problem: `no answer within ${ANSWER_TIMEOUT_MS} ms` });
        } else {
          if (answer.status >= 500) {
            const cause = loggedCause(logFrom);
            violations.push({ ...base, kind: '5xx', problem: 'server error', ...(cause ? { cause } : {}) });
          }
          const problem = errorShapeProblem(answer.status, answer.contentType, answer.body);
          if (problem) violations.push({ ...base, kind: 'shape', problem });
        }
        for (const problem of guard.check(request.markers)) violations.push({ ...base, kind: 'prototype', problem });
      }

      for (let index = 0; index < REQUESTS; index += 1) {
        const operation = operations[index % operations.length] as Operation;
        const strategy = STRATEGIES[Math.floor(index / operations.length) % STRATEGIES.length] ?? 'valid';
        const request = generator.request(operation, strategy, index);
        const logFrom = t.logs.length;
        const sentAt = performance.now();
        const answer = await send(request);
        const elapsedMs = Math.round(performance.now() - sentAt);
        perOperation.set(operation.key, (perOperation.get(operation.key) ?? 0) + 1);
        if ('unsendable' in answer) {
          unsendable.push(`${request.method} ${shortText(request.url, 80)}: ${answer.unsendable}`);
          for (const problem of guard.check(request.markers)) {
            violations.push({
              kind: 'prototype',
              operation: request.operation,
              strategy,
              credential: request.credential,
              method: request.method,
              url: request.url,
              status: 'no answer',
              problem,
              body: '',
              sent: describeSent(request.payload),
            });
          }
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (FUZZ_LOG) {
          appendFileSync(
            FUZZ_LOG,
            `${JSON.stringify({
              index,
              operation: operation.key,
              strategy,
              credential: request.credential,
              url: shortText(request.url, 300),
              sent: describeSent(request.payload, 300),
              status: answer.status,
              ms: elapsedMs,
              body: shortText(answer.body, 300),
            })}\n`,
          );
        }
        judge(request, answer, logFrom);
        if (typeof answer.status === 'number' && answer.status >= 200 && answer.status < 300) {
          harvest(operation, answer.body);
          harvestReferences(answer.body);
          if (operation.method !== 'GET' && SESSION_ENDING.test(operation.path)) await refreshCredentials();
        }
      }

      // Raw request targets: what a client library would never send, straight to the socket.
      const port = Number(new URL(t.baseUrl as string).port);
      const staffAuth = `Authorization: Bearer ${credentials.staff}\r\n`;
      const memberAuth = `Authorization: Bearer ${credentials.member}\r\nCookie: XSRF-TOKEN=${XSRF_TOKEN}\r\nX-XSRF-TOKEN: ${XSRF_TOKEN}\r\n`;
      const close = 'Host: localhost\r\nConnection: close\r\n';
      const rawCases: [string, string | Buffer][] = [
        ['bad percent escape', `GET /api/v1/users/%ff HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        ['400-digit id', `GET /api/v1/users/${'9'.repeat(400)} HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        ['id over int4', `GET /api/v1/users/2147483648 HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        ['NUL in a path', `GET /api/v1/users/1%00 HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        ['target without a slash', `GET api/health HTTP/1.1\r\n${close}\r\n`],
        ['asterisk target', `GET * HTTP/1.1\r\n${close}\r\n`],
        ['absolute target', `GET http://evil.example/api/v1/users HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        ['double slash', `GET //api/v1/users HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        ['dot segments', `GET /api/v1/users/..%2f..%2fhealth HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        ['raw dot segments', `GET /api/app/../v1/users HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        [
          'bad escapes in a query',
          `GET /api/v1/users?%ff=%ff&__proto__[fuzzRaw]=y HTTP/1.1\r\n${staffAuth}${close}\r\n`,
        ],
        ['huge bracket key', `GET /api/v1/users?filter[${'a'.repeat(7_000)}]=1 HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        ['20,000-character target', `GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\n${close}\r\n`],
        ['20,000-character header', `GET /api/health HTTP/1.1\r\nX-Big: ${'b'.repeat(20_000)}\r\n${close}\r\n`],
        ['unknown HTTP version', `GET /api/health HTTP/9.9\r\n${close}\r\n`],
        ['NUL in the target', `GET /api/health\u0000 HTTP/1.1\r\n${close}\r\n`],
        ['garbage request line', `NOT A REQUEST\r\n${close}\r\n`],
        ['broken header line', `GET /api/health HTTP/1.1\r\nBroken header line\r\n${close}\r\n`],
        ['duplicate Host', `GET /api/health HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n`],
        ['unknown method', `PROPFIND /api/v1/users HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        ['TRACE', `TRACE /api/health HTTP/1.1\r\n${close}\r\n`],
        ['OPTIONS', `OPTIONS /api/v1/users HTTP/1.1\r\n${staffAuth}${close}\r\n`],
        [
          'non-numeric Content-Length',
          `POST /api/app/beneficiary-sessions/login HTTP/1.1\r\n${memberAuth}Content-Type: application/json\r\nContent-Length: abc\r\n${close}\r\n{}`,
        ],
        [
          'Content-Length and chunked',
          `POST /api/v2/benefitclaim/getlist HTTP/1.1\r\nAuthorization: Bearer ${credentials.partner}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n${close}\r\n2\r\n{}\r\n0\r\n\r\n`,
        ],
        [
          'broken chunk',
          `POST /api/v2/benefitclaim/getlist HTTP/1.1\r\nAuthorization: Bearer ${credentials.partner}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${close}\r\nzz\r\n{}\r\n0\r\n\r\n`,
        ],
        [
          'multipart without boundary',
          `POST /api/app/benefit-claims/${acting.benefitId}/documents?kind=ID_COPY HTTP/1.1\r\n${memberAuth}Content-Type: multipart/form-data\r\nContent-Length: 8\r\n${close}\r\nwhatever`,
        ],
        [
          'JSON declared, body cut short',
          `POST /api/v2/benefitclaim/getdetails HTTP/1.1\r\nAuthorization: Bearer ${credentials.partner}\r\nContent-Type: application/json\r\nContent-Length: 4\r\n${close}\r\n{"cl`,
        ],
        [
          'gzip declared, not gzip',
          `POST /api/v2/benefitclaim/getlist HTTP/1.1\r\nAuthorization: Bearer ${credentials.partner}\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n${close}\r\n{}`,
        ],
      ];
      for (const [name, text] of rawCases) {
        const logFrom = t.logs.length;
        const answer = await rawHttp(port, text);
        const method = String(text).slice(0, String(text).indexOf(' '));
        const request = {
          operation: `raw: ${name}`,
          strategy: 'raw',
          credential: 'as written',
          method,
          url: shortText(String(text).split('\r\n')[0] ?? '', 200),
          markers: ['fuzzRaw'],
        };
        judge(request, answer ?? { status: 'no answer', body: '' }, logFrom);
        statuses.set(answer?.status ?? 'no answer', (statuses.get(answer?.status ?? 'no answer') ?? 0) + 1);
      }

      // After all that, members are still who they were: no token, no benefits; another member sees only theirs.
      const afterwards: string[] = [];
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/app/benefits' });
      if (anonymous.statusCode !== 401)
        afterwards.push(`anonymous GET /api/app/benefits answered ${anonymous.statusCode}`);
      const theirs = await call(t.app, 'GET', '/api/app/benefits', { token: bystander.token });
      const theirIds = theirs.statusCode === 200 ? theirs.json().items.map((item: { id: number }) => item.id) : [];
      if (theirs.statusCode !== 200 || JSON.stringify(theirIds) !== JSON.stringify([bystander.benefitId])) {
        afterwards.push(`the bystander member's GET /api/app/benefits answered ${theirs.statusCode} ${theirs.body}`);
      }
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/app/benefit-claims/person-banks',
        headers: { authorization: `Bearer ${bystander.token}` },
        payload: { bankId: 1, accountType: 'SAVINGS', accountNumber: '1', holderName: 'x' },
      });
      if (forged.statusCode !== 403) afterwards.push(`a POST without the XSRF pair answered ${forged.statusCode}`);
      for (const problem of guard.check([])) afterwards.push(`at the end: ${problem}`);

      const counts = [...perOperation.values()];
      const report = summarize(violations);
      console.info(
        [
          `issue 13 fuzz: seed ${SEED}, ${REQUESTS} generated requests over ${operations.length} operations ` +
            `(${Math.min(...counts)}–${Math.max(...counts)} each) + ${rawCases.length} raw, ` +
            `${((Date.now() - started) / 1000).toFixed(1)} s; credentials renewed ${refreshed}×; ` +
            `${unsendable.length} not sendable by the client`,
          `statuses: ${[...statuses.entries()]
            .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
            .map(([status, count]) => `${status}×${count}`)
            .join(' ')}`,
          ...unsendable.slice(0, 10).map((line) => `not sent: ${line}`),
          `${violations.length} violations, ${report.length} distinct:`,
          ...report,
        ].join('\n'),
      );
      expect(operations.filter((operation) => !perOperation.has(operation.key)).map((o) => o.key)).toEqual([]);
      expect({ violations: report, afterwards }).toEqual({ violations: [], afterwards: [] });
    },
    scaled(300_000),
  );
});
