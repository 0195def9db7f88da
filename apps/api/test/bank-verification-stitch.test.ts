import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BANK_MATCH_CHECKS, BANK_MATCH_MESSAGES } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { loadConfig } from '../src/config.js';
import { benefitClaims } from '../src/db/schema/index.js';
import { BANK_VERIFICATION_UNAVAILABLE_MESSAGE } from '../src/platform/bank-verification/bank-verification.js';
import { STITCH_BANK_IDS } from '../src/platform/bank-verification/stitch-bank-ids.js';
import { createStitchBankVerificationProvider } from '../src/platform/bank-verification/stitch-provider.js';
import type { AppError } from '../src/platform/errors/app-error.js';
import { call } from './support/accounts.js';
import { submittedClaim } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, PRODUCTION_ENV, type TestApp } from './support/test-app.js';

/**
 * Issue 37 item 6, decision 056: the Stitch bank account verification adapter against a local fake
 * speaking Stitch's documented protocol (OAuth client-credentials token, then the
 * `verifyBankAccountDetails` GraphQL query), through the back office's bank match route.
 */
const CLIENT_ID = 'stitch-test-client-id';
const CLIENT_SECRET = 'stitch-test-client-secret-0123456789';
/** The adapter's time budget: short, so the timeout test is quick; scaled for a busy machine. */
const TIMEOUT_MS = scaled(2_000);

type Result = 'verified' | 'refuted' | 'unknown' | null;
interface StitchDetails {
  accountVerificationResult: 'verified' | 'refuted' | 'unknown';
  detailedAccountVerificationResults: {
    accountExists: Result;
    identityDocumentMatch: Result;
    lastNameMatch: Result;
    initialMatch: Result;
  };
  accountOpen: boolean | null;
  accountOpenForMoreThanThreeMonths: boolean | null;
  accountAcceptsCredits: boolean | null;
}

const VERIFIED: StitchDetails = {
  accountVerificationResult: 'verified',
  detailedAccountVerificationResults: {
    accountExists: 'verified',
    identityDocumentMatch: 'verified',
    lastNameMatch: 'verified',
    initialMatch: 'verified',
  },
  accountOpen: true,
  accountOpenForMoreThanThreeMonths: true,
  accountAcceptsCredits: true,
};

/** VERIFIED with some detailed results replaced. */
const withDetails = (
  detailed: Partial<StitchDetails['detailedAccountVerificationResults']>,
  rest: Partial<Omit<StitchDetails, 'detailedAccountVerificationResults'>> = {},
): StitchDetails => ({
  ...VERIFIED,
  ...rest,
  detailedAccountVerificationResults: { ...VERIFIED.detailedAccountVerificationResults, ...detailed },
});

/** How the fake answers one account: Stitch's details, an HTTP error, GraphQL errors, or no answer at all. */
type Outcome =
  | { details: StitchDetails }
  | { httpStatus: number }
  | { graphqlErrors: { message: string; extensions: { code: string } }[] }
  | { hold: true };

interface GraphqlRequest {
  authorization: string | undefined;
  contentType: string | undefined;
  query: string;
  variables: { input: Record<string, unknown> };
}

/**
 * A real local HTTP server speaking Stitch's protocol: `POST /connect/token` (form-encoded
 * client credentials, scope and audience checked) answers `{ access_token, expires_in }`;
 * `POST /graphql` with a bearer token it issued answers `{ data: { verifyBankAccountDetails } }`
 * by the account number's outcome (verified when none is set).
 */
const fake = {
  server: undefined as Server | undefined,
  baseUrl: '',
  issued: new Set<string>(),
  tokenRequests: [] as URLSearchParams[],
  queries: [] as GraphqlRequest[],
  outcomes: new Map<string, Outcome>(),
  held: [] as ServerResponse[],
  nextToken: 1,
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function answerToken(form: URLSearchParams, response: ServerResponse) {
  fake.tokenRequests.push(form);
  const valid =
    form.get('grant_type') === 'client_credentials' &&
    form.get('client_id') === CLIENT_ID &&
    form.get('client_secret') === CLIENT_SECRET &&
    form.get('scope')?.split(' ').includes('client_bankaccountverification') &&
    form.get('audience') === `${fake.baseUrl}/connect/token`;
  if (!valid) return sendJson(response, 401, { error: 'invalid_client' });
  const token = `stitch-token-${fake.nextToken++}`;
  fake.issued.add(token);
  sendJson(response, 200, { access_token: token, expires_in: 3600, token_type: 'Bearer', scope: form.get('scope') });
}

function answerQuery(request: IncomingMessage, raw: string, response: ServerResponse) {
  const authorization = request.headers.authorization;
  if (!authorization?.startsWith('Bearer ') || !fake.issued.has(authorization.slice(7))) {
    return sendJson(response, 401, { message: 'Unauthorized' });
  }
  const body = JSON.parse(raw) as GraphqlRequest;
  fake.queries.push({ ...body, authorization, contentType: request.headers['content-type'] });
  const input = body.variables?.input;
  if (!body.query?.includes('verifyBankAccountDetails(input: $input)') || typeof input?.accountNumber !== 'string') {
    return sendJson(response, 400, { errors: [{ message: 'bad request', extensions: { code: 'BAD_USER_INPUT' } }] });
  }
  const outcome = fake.outcomes.get(input.accountNumber) ?? { details: VERIFIED };
  if ('hold' in outcome) return void fake.held.push(response);
  if ('httpStatus' in outcome) return sendJson(response, outcome.httpStatus, { message: 'upstream failure' });
  if ('graphqlErrors' in outcome) return sendJson(response, 200, { data: null, errors: outcome.graphqlErrors });
  sendJson(response, 200, { data: { verifyBankAccountDetails: outcome.details } });
}

async function startFake() {
  fake.server = createServer(async (request, response) => {
    const raw = await readBody(request);
    if (request.method === 'POST' && request.url === '/connect/token') {
      return answerToken(new URLSearchParams(raw), response);
    }
    if (request.method === 'POST' && request.url === '/graphql') return answerQuery(request, raw, response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fake.server?.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
}

let testApp: TestApp;
let reviewer: Staff;
const app = () => testApp.app;

beforeAll(async () => {
  await startFake();
  testApp = await createTestApp({
    env: {
      BANK_VERIFICATION_PROVIDER: 'stitch',
      STITCH_CLIENT_ID: CLIENT_ID,
      STITCH_CLIENT_SECRET: CLIENT_SECRET,
      STITCH_API_URL: `${fake.baseUrl}/graphql`,
      STITCH_TOKEN_URL: `${fake.baseUrl}/connect/token`,
      STITCH_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000),
    },
  });
  reviewer = await createStaff(app(), ['claims.review', 'claims.read']);
});
afterAll(async () => {
  for (const response of fake.held) response.destroy();
  await testApp?.close();
  fake.server?.closeAllConnections();
  await new Promise((resolve) => fake.server?.close(resolve));
});
beforeEach(() => {
  fake.queries.length = 0;
  fake.tokenRequests.length = 0;
});

/** An account number of this test's own (no shared-account risk flag). */
const ownAccount = () => `2${randomInt(10_000_000, 99_999_999)}1`;
const match = (benefitId: number) =>
  call(app(), 'GET', `/api/v1/benefits/${benefitId}/bank/match?refresh=true`, { token: reviewer.token });
const everyFailure = BANK_MATCH_CHECKS.map((check) => BANK_MATCH_MESSAGES[check]);

describe('issue 37 item 6: Stitch answers mapped to the bank match staff see', () => {
  const outcomes: [name: string, details: StitchDetails, failures: string[]][] = [
    ['verified (every check verified)', VERIFIED, []],
    [
      'mismatched holder: surname and initials refuted',
      withDetails({ lastNameMatch: 'refuted', initialMatch: 'refuted' }, { accountVerificationResult: 'refuted' }),
      [BANK_MATCH_MESSAGES.initialsMatch, BANK_MATCH_MESSAGES.surnameMatches],
    ],
    [
      'mismatched holder: ID number refuted',
      withDetails({ identityDocumentMatch: 'refuted' }, { accountVerificationResult: 'refuted' }),
      [BANK_MATCH_MESSAGES.idNumberMatches],
    ],
    [
      'closed account (not open, accepts no credits)',
      withDetails({}, { accountOpen: false, accountAcceptsCredits: false }),
      [BANK_MATCH_MESSAGES.accountOpen, BANK_MATCH_MESSAGES.acceptsCredits],
    ],
    [
      'account not found (nothing else known)',
      {
        accountVerificationResult: 'refuted',
        detailedAccountVerificationResults: {
          accountExists: 'refuted',
          identityDocumentMatch: 'unknown',
          lastNameMatch: 'unknown',
          initialMatch: 'unknown',
        },
        accountOpen: null,
        accountOpenForMoreThanThreeMonths: null,
        accountAcceptsCredits: null,
      },
      everyFailure,
    ],
    [
      'open less than 3 months, the bank could not verify the initials',
      withDetails({ initialMatch: 'unknown' }, { accountOpenForMoreThanThreeMonths: false }),
      [BANK_MATCH_MESSAGES.initialsMatch, BANK_MATCH_MESSAGES.openAtLeastThreeMonths],
    ],
  ];

  it.each(outcomes)('%s', async (_name, details, failures) => {
    const accountNumber = ownAccount();
    fake.outcomes.set(accountNumber, { details });
    const claim = await submittedClaim(app(), { accountNumber });
    const response = await match(claim.benefitId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      claimId: claim.claimId,
      status: failures.length === 0 ? 'passed' : 'failed',
      provider: 'stitch',
      reference: expect.stringMatching(/^stitch-[0-9a-f-]{36}$/),
      accountNumberMasked: `******${accountNumber.slice(-4)}`,
      failures,
    });
    // What the fake received: the documented query and variables, with a token it issued.
    expect(fake.queries).toHaveLength(1);
    const [query] = fake.queries;
    expect(query?.contentType).toBe('application/json');
    const input = query?.variables.input as Record<string, unknown> & { branchCode: string };
    expect(input).toEqual({
      accountNumber,
      bankId: STITCH_BANK_IDS[input.branchCode],
      branchCode: input.branchCode,
      accountHolder: {
        individual: {
          initials: 'T',
          familyName: 'Mokoena',
          identifyingDocument: { identityDocument: { country: 'ZA', number: claim.idNumber } },
        },
      },
    });
    expect(input.bankId).toEqual(expect.any(String));
    expect(JSON.stringify(testApp.logs)).not.toContain(accountNumber);
    expect(JSON.stringify(testApp.logs)).not.toContain(claim.idNumber);
  });

  it('asks for a client token once and reuses it; a token the API refuses is fetched again once', async () => {
    const first = await submittedClaim(app(), { accountNumber: ownAccount() });
    const second = await submittedClaim(app(), { accountNumber: ownAccount() });
    expect((await match(first.benefitId)).statusCode).toBe(200);
    expect((await match(second.benefitId)).statusCode).toBe(200);
    expect(fake.tokenRequests.length).toBeLessThanOrEqual(1);
    expect(new Set(fake.queries.map((query) => query.authorization)).size).toBe(1);
    const tokensBefore = fake.tokenRequests.length;
    fake.issued.clear(); // Stitch revoked every token: the next query answers 401.
    expect((await match(first.benefitId)).statusCode).toBe(200);
    expect(fake.tokenRequests).toHaveLength(tokensBefore + 1);
    expect(fake.queries.at(-1)?.authorization).toBe(`Bearer stitch-token-${fake.nextToken - 1}`);
  });

  const failures: [name: string, outcome: Outcome][] = [
    ['a provider error (HTTP 500)', { httpStatus: 500 }],
    ['a provider error (HTTP 502)', { httpStatus: 502 }],
    [
      'GraphQL errors in a 200 answer',
      { graphqlErrors: [{ message: 'The verification system is unavailable', extensions: { code: 'INTERNAL' } }] },
    ],
  ];

  it.each(failures)('%s answers 503 with the unavailable message and keeps nothing', async (_name, outcome) => {
    const accountNumber = ownAccount();
    fake.outcomes.set(accountNumber, outcome);
    const claim = await submittedClaim(app(), { accountNumber });
    const response = await match(claim.benefitId);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(BANK_VERIFICATION_UNAVAILABLE_MESSAGE);
    const [row] = await app().db.select().from(benefitClaims).where(eq(benefitClaims.id, claim.claimId));
    expect(row?.bankMatch).toBeNull();
    const logged = testApp.logs.filter((line) => line.msg === 'bank verification provider failed');
    expect(logged.at(-1)).toMatchObject({ provider: 'stitch', account: `******${accountNumber.slice(-4)}` });
    expect(JSON.stringify(testApp.logs)).not.toContain(accountNumber);
    expect(JSON.stringify(testApp.logs)).not.toContain(claim.idNumber);
  });

  it('a timeout (Stitch holds the answer longer than STITCH_TIMEOUT_SECONDS) answers 503', async () => {
    const accountNumber = ownAccount();
    fake.outcomes.set(accountNumber, { hold: true });
    const claim = await submittedClaim(app(), { accountNumber });
    const started = Date.now();
    const response = await match(claim.benefitId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(fake.held).toHaveLength(1);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(BANK_VERIFICATION_UNAVAILABLE_MESSAGE);
    const [row] = await app().db.select().from(benefitClaims).where(eq(benefitClaims.id, claim.claimId));
    expect(row?.bankMatch).toBeNull();
  });
});

describe('issue 37 item 6: the Stitch adapter on its own', () => {
  const request = {
    branchCode: '470010',
    accountNumber: '1234567891',
    accountType: 'SAVINGS' as const,
    idNumber: '7503140234085',
    initials: 'N',
    surname: 'Dlamini',
  };
  const settings = () => ({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    apiUrl: `${fake.baseUrl}/graphql`,
    tokenUrl: `${fake.baseUrl}/connect/token`,
    timeoutMs: TIMEOUT_MS,
  });

  it('refused credentials (401 from the token endpoint) are unavailable (503), logged without the secret', async () => {
    const warnings: unknown[] = [];
    const provider = createStitchBankVerificationProvider(
      { ...settings(), clientSecret: 'a-wrong-secret-0123456789' },
      { warn: (entry: unknown) => warnings.push(entry) } as never,
    );
    await expect(provider.verify(request)).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'bank_verification_unavailable',
      message: BANK_VERIFICATION_UNAVAILABLE_MESSAGE,
    } satisfies Partial<AppError>);
    expect(fake.queries).toHaveLength(0);
    expect(warnings).toEqual([
      expect.objectContaining({
        provider: 'stitch',
        status: 401,
        problem: 'client token refused',
        account: '******7891',
      }),
    ]);
    expect(JSON.stringify(warnings)).not.toContain('a-wrong-secret');
    expect(JSON.stringify(warnings)).not.toContain(request.idNumber);
  });

  it('an unreachable Stitch and a bank Stitch does not list are unavailable (503)', async () => {
    const unreachable = createStitchBankVerificationProvider({
      ...settings(),
      tokenUrl: 'http://127.0.0.1:1/connect/token',
    });
    await expect(unreachable.verify(request)).rejects.toMatchObject({ code: 'bank_verification_unavailable' });
    const provider = createStitchBankVerificationProvider(settings());
    await expect(provider.verify({ ...request, branchCode: '999999' })).rejects.toMatchObject({
      code: 'bank_verification_unavailable',
    });
    expect(fake.queries).toHaveLength(0);
  });
});

describe('issue 37 item 6: configuration of the Stitch provider', () => {
  const stitchEnv = {
    ...PRODUCTION_ENV,
    BANK_VERIFICATION_PROVIDER: 'stitch',
    STITCH_CLIENT_ID: CLIENT_ID,
    STITCH_CLIENT_SECRET: CLIENT_SECRET,
  };

  it('production accepts Stitch with its credentials, with the documented URLs and a 60 s budget by default', () => {
    expect(loadConfig(stitchEnv).bankVerification).toEqual({
      provider: 'stitch',
      stitch: {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        apiUrl: 'https://api.stitch.money/graphql',
        tokenUrl: 'https://secure.stitch.money/connect/token',
        timeoutMs: 60_000,
      },
    });
    expect(loadConfig({ ...stitchEnv, STITCH_TIMEOUT_SECONDS: '90' }).bankVerification).toMatchObject({
      stitch: { timeoutMs: 90_000 },
    });
  });

  it('refuses missing credentials, naming each variable', () => {
    const { STITCH_CLIENT_SECRET: _secret, ...withoutSecret } = stitchEnv;
    expect(() => loadConfig(withoutSecret)).toThrow(
      'STITCH_CLIENT_SECRET: is required when BANK_VERIFICATION_PROVIDER is stitch',
    );
    const { STITCH_CLIENT_ID: _id, ...withoutEither } = withoutSecret;
    expect(() => loadConfig(withoutEither)).toThrow(
      /STITCH_CLIENT_ID: is required when BANK_VERIFICATION_PROVIDER is stitch; STITCH_CLIENT_SECRET: is required/,
    );
    expect(() => loadConfig({ ...withoutEither, NODE_ENV: 'test' })).toThrow(/STITCH_CLIENT_ID: is required/);
  });

  it('refuses http:// Stitch URLs and a timeout outside 0.5 to 180 s in production; none stays possible', () => {
    expect(() => loadConfig({ ...stitchEnv, STITCH_API_URL: 'http://stitch.example.com/graphql' })).toThrow(
      'STITCH_API_URL: must be an https:// URL in production',
    );
    expect(() => loadConfig({ ...stitchEnv, STITCH_TIMEOUT_SECONDS: '600' })).toThrow(/STITCH_TIMEOUT_SECONDS/);
    expect(loadConfig({ ...PRODUCTION_ENV, BANK_VERIFICATION_PROVIDER: 'none' }).bankVerification).toEqual({
      provider: 'none',
    });
  });
});
