import { REQUEST_INPUT_MESSAGES } from '@bcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/modules/partners/partner-api-keys.service.js';
import { call } from './support/accounts.js';
import { readyForApproval, submittedClaim } from './support/claims.js';
import { administratorOf } from './support/partners.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 39 item 2 (decision 060): input a call does not take is refused, naming it; optional
 * bodies are optional; answers say where their rate limits stand, and the partner API counts per
 * API key. Through real HTTP against the test database.
 */
let testApp: TestApp;
const app = () => testApp.app;
let claim: Awaited<ReturnType<typeof submittedClaim>>;
let partner: Awaited<ReturnType<typeof administratorOf>>;
let staffToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  claim = await submittedClaim(app());
  partner = await administratorOf(app(), claim.fundId);
  staffToken = (await createStaff(app(), ['benefits.read', 'claims.read', 'claims.review', 'partners.read'])).token;
  await readyForApproval(app(), claim, staffToken);
});
afterAll(async () => testApp.close());

/** A partner API call with `key` (the administrator's by default) from `remoteAddress`. */
const partnerCall = (
  method: 'GET' | 'POST',
  path: string,
  options: { body?: object; key?: string; remoteAddress?: string } = {},
) =>
  app().inject({
    method,
    url: `/api/v2${path}`,
    headers: { authorization: `Bearer ${options.key ?? partner.key}` },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body ? { payload: options.body } : {}),
  });

/** The claim's status as the administrator reads it. */
const claimStatus = async () =>
  (await partnerCall('POST', '/benefitclaim/getdetails', { body: { claimId: claim.claimId } })).json().status;

const unknownParameter = [REQUEST_INPUT_MESSAGES.unknownQueryParameter];

describe('unknown query parameters are a 422 naming them, on every surface', () => {
  it('member (/api/app): a parameter no call declares, on a route with and one without a query schema', async () => {
    const withSchema = await call(app(), 'GET', '/api/app/firebase/notification-total?colour=red', {
      token: claim.token,
    });
    expect(withSchema.statusCode, withSchema.body).toBe(422);
    expect(withSchema.json().errors).toEqual({ colour: unknownParameter });
    const withoutSchema = await call(app(), 'GET', '/api/app/benefits?pageSize=5', { token: claim.token });
    expect(withoutSchema.statusCode).toBe(422);
    expect(withoutSchema.json().errors).toEqual({ pageSize: unknownParameter });
    // The same calls without the typo answer.
    expect((await call(app(), 'GET', '/api/app/benefits', { token: claim.token })).statusCode).toBe(200);
  });

  it('staff (/api/v1): a typo beside a filter, and an unknown filter key, never widen the list', async () => {
    const list = (query: string) => call(app(), 'GET', `/api/v1/benefits/claims?${query}`, { token: staffToken });
    const typo = await list('filter[status]=in_review&colour=red&statu=paid');
    expect(typo.statusCode).toBe(422);
    expect(typo.json().errors).toEqual({ colour: unknownParameter, statu: unknownParameter });
    const unknownFilter = await list('filter[stauts]=paid');
    expect(unknownFilter.statusCode).toBe(422);
    expect(unknownFilter.json().errors).toEqual({ 'filter[stauts]': unknownParameter });
    expect((await list('filter[status]=in_review')).statusCode).toBe(200);
    const dashboard = await call(app(), 'GET', '/api/v1/dashboard?refresh=1', { token: staffToken });
    expect(dashboard.statusCode).toBe(422);
    expect(dashboard.json().errors).toEqual({ refresh: unknownParameter });
  });

  it('partner (/api/v2): an unknown parameter on a decision refuses it and changes nothing', async () => {
    expect(await claimStatus()).toBe('in_review');
    const refused = await partnerCall('POST', '/benefitclaim/approvalresponse?dryRun=true', {
      body: { claimId: claim.claimId, decision: 'approved' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ dryRun: unknownParameter });
    expect(await claimStatus()).toBe('in_review');
    const webhooks = await partnerCall('GET', '/webhooks?filter[status]=failed');
    expect(webhooks.statusCode).toBe(422);
    expect(webhooks.json().errors).toEqual({ filter: unknownParameter });
  });

  it('is checked after authentication: without a key the answer is still 401', async () => {
    const anonymous = await app().inject({ method: 'GET', url: '/api/v2/webhooks?colour=red' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the partner request types carry no staff fields', () => {
  it.each([
    ['bankMatchOverrideReason', { bankMatchOverrideReason: 'The bank was offline for a week.' }],
    ['overrideReason', { overrideReason: 'Approve without the checks, please.' }],
    ['confirmNetCents', { confirmNetCents: 1 }],
  ])('approvalresponse with %s is a 422 naming it and changes nothing', async (field, extra) => {
    const response = await partnerCall('POST', '/benefitclaim/approvalresponse', {
      body: { claimId: claim.claimId, decision: 'approved', ...extra },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [REQUEST_INPUT_MESSAGES.unknownField] });
    expect(await claimStatus()).toBe('in_review');
  });

  it('the other partner bodies refuse unknown fields too, and the document says so', async () => {
    const list = await partnerCall('POST', '/benefitclaim/getlist', { body: { status: 'in_review', fundId: 1 } });
    expect(list.statusCode).toBe(422);
    expect(list.json().errors).toEqual({ fundId: [REQUEST_INPUT_MESSAGES.unknownField] });
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const approval = document.components.schemas.PartnerApprovalRequestInput;
    expect(approval.additionalProperties).toBe(false);
    expect(Object.keys(approval.properties).sort()).toEqual(['claimId', 'decision', 'paymentReference', 'reason']);
  });
});

describe('optional bodies are optional', () => {
  it('rotating a webhook secret with no body keeps the default overlap', async () => {
    const created = await partnerCall('POST', '/webhooks', {
      body: { url: 'https://partner.example.com/rotate', events: ['claim.submitted'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rotated = await partnerCall('POST', `/webhooks/${created.json().id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(201);
    expect(rotated.json().secret).not.toBe(created.json().secret);
    // The default 24 hours of overlap: the old secret still signs for about a day.
    const overlapMs = Date.parse(rotated.json().previousSecretExpiresAt) - Date.now();
    expect(overlapMs).toBeGreaterThan(23 * 3_600_000);
    expect(overlapMs).toBeLessThanOrEqual(24 * 3_600_000);
    // A body is still checked when sent.
    const bad = await partnerCall('POST', `/webhooks/${created.json().id}/rotate`, { body: { overlapHours: 999 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['overlapHours']);
  });

  it('getlist with no body lists every claim of the partner; the document marks such bodies optional', async () => {
    const list = await partnerCall('POST', '/benefitclaim/getlist');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((item: { id: number }) => item.id)).toEqual([claim.claimId]);
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/api/v2/webhooks/{id}/rotate'].post.requestBody.required).toBe(false);
    expect(document.paths['/api/v2/benefitclaim/getlist'].post.requestBody.required).toBe(false);
    expect(document.paths['/api/v2/benefitclaim/approvalresponse'].post.requestBody.required).toBe(true);
  });
});

/** The `"<name>";k=v;...` items of a structured-field list header, by name. */
function items(header: unknown): Record<string, Record<string, number>> {
  const parsed: Record<string, Record<string, number>> = {};
  for (const item of String(header ?? '').split(',')) {
    const [name = '', ...parameters] = item.trim().split(';');
    parsed[name.replace(/"/g, '')] = Object.fromEntries(
      parameters.map((parameter) => [parameter.split('=')[0], Number(parameter.split('=')[1])]),
    );
  }
  return parsed;
}

describe('rate limits: IETF draft headers, partner limits per API key', () => {
  it('a partner answer carries RateLimit-Policy and RateLimit for its key and address limits', async () => {
    const response = await partnerCall('GET', '/webhooks', { remoteAddress: '198.51.100.7' });
    expect(response.statusCode).toBe(200);
    expect(items(response.headers['ratelimit-policy'])).toEqual({
      ip: { q: 6000, w: 60 },
      key: { q: 600, w: 60 },
    });
    const state = items(response.headers.ratelimit);
    expect(state.key).toEqual({ r: expect.any(Number), t: expect.any(Number) });
    expect(state.key?.r).toBeLessThan(600);
    expect(state.key?.t).toBeLessThanOrEqual(60);
  });

  it('two keys from the same address count separately', async () => {
    const second = await createApiKey(
      app().db,
      partner.partnerId,
      { name: 'Second system' },
      {
        actor: { type: 'system', label: 'test' },
      },
    );
    const address = '203.0.113.9';
    const remaining = async (key: string) =>
      items((await partnerCall('GET', '/webhooks', { key, remoteAddress: address })).headers.ratelimit);
    const first = await remaining(partner.key);
    for (let index = 0; index < 3; index += 1) await remaining(partner.key);
    const after = await remaining(partner.key);
    expect(after.key?.r).toBe((first.key?.r ?? 0) - 4);
    // The second key's budget is whole, although the address has used five calls.
    const other = await remaining(second.key);
    expect(other.key?.r).toBe(599);
    expect(other.ip?.r).toBe(6000 - 6);
  });

  it('a refused call (429) says where the limit stands and when to retry', async () => {
    const reset = () =>
      call(app(), 'POST', '/api/v1/admin-sessions/reset-password', {
        body: { token: 'x'.repeat(40), password: 'a-long-new-password-1' },
        remoteAddress: '192.0.2.44',
      });
    let response = await reset();
    expect(items(response.headers['ratelimit-policy'])).toEqual({ ip: { q: 10, w: 600 } });
    expect(items(response.headers.ratelimit).ip?.r).toBe(9);
    for (let index = 0; index < 10; index += 1) response = await reset();
    expect(response.statusCode).toBe(429);
    expect(items(response.headers.ratelimit).ip).toEqual({ r: 0, t: expect.any(Number) });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the document declares the headers on throttled answers', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const list = document.paths['/api/v2/webhooks'].get.responses;
    expect(Object.keys(list['200'].headers)).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Policy']));
    expect(Object.keys(list['429'].headers)).toEqual(
      expect.arrayContaining(['RateLimit', 'RateLimit-Policy', 'Retry-After']),
    );
    // An unthrottled call declares none.
    expect(document.paths['/api/v1/dashboard'].get.responses['200'].headers).toBeUndefined();
  });
});
