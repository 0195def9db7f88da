import {
  ERROR_CODE_LIST,
  ERROR_CODES,
  ErrorResponse,
  FIELD_ERROR_CODES,
  isErrorCode,
  REQUEST_INPUT_MESSAGES,
} from '@bcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES_EXTENSION } from '../src/platform/http/openapi-error-codes.js';
import { call } from './support/accounts.js';
import { readyForApproval, submittedClaim } from './support/claims.js';
import { administratorOf } from './support/partners.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

describe('the error catalogue (decision 059)', () => {
  it('has unique snake_case codes, each with a valid error status and a description', () => {
    expect(new Set(ERROR_CODE_LIST).size).toBe(ERROR_CODE_LIST.length);
    for (const code of ERROR_CODE_LIST) {
      const entry = ERROR_CODES[code];
      expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(entry.status >= 400 && entry.status <= 599, code).toBe(true);
      expect(entry.description.length).toBeGreaterThan(10);
      for (const param of 'params' in entry ? entry.params : []) expect(param).toMatch(/^[a-z][A-Za-z]*$/);
    }
    for (const code of Object.keys(FIELD_ERROR_CODES)) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    expect(isErrorCode('claim_state_conflict')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});

describe('error answers carry a code (issue 39 item 1)', () => {
  it('malformed JSON is 400 malformed_json, with our message', async () => {
    const response = await call(app(), 'POST', '/api/app/beneficiary-sessions/login', {
      headers: { 'content-type': 'application/json' },
      body: '{"identifier": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'malformed_json' });
  });

  it('a text/plain body on a JSON route is 415 unsupported_media_type', async () => {
    const response = await call(app(), 'POST', '/api/app/beneficiary-sessions/login', {
      headers: { 'content-type': 'text/plain' },
      body: 'identifier=x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('a body over the limit is 413 body_too_large', async () => {
    const response = await call(app(), 'POST', '/api/app/beneficiary-sessions/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large.', code: 'body_too_large' });
  });

  it('an unknown query parameter is 422 validation_failed, the field coded unknown_field', async () => {
    const staff = await createStaff(app(), 'super-admin');
    const response = await call(app(), 'GET', '/api/v1/dashboard?colour=red', { token: staff.token });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { colour: [REQUEST_INPUT_MESSAGES.unknownQueryParameter] },
      code: 'validation_failed',
      fieldCodes: { colour: ['unknown_field'] },
    });
  });

  it('a partner API key on a member or staff route is 401 wrong_area, not "session ended"', async () => {
    const claim = await submittedClaim(app());
    const partner = await administratorOf(app(), claim.fundId);
    const member = await call(app(), 'GET', '/api/app/benefits', { token: partner.key });
    expect(member.statusCode).toBe(401);
    expect(member.json()).toMatchObject({ code: 'wrong_area' });
    expect(member.json().message).toContain('/api/v2');
    const staff = await call(app(), 'GET', '/api/v1/dashboard', { token: partner.key });
    expect(staff.json()).toMatchObject({ code: 'wrong_area' });
    const staffOnMember = await call(app(), 'GET', '/api/app/benefits', {
      token: (await createStaff(app(), 'super-admin')).token,
    });
    expect(staffOnMember.json()).toMatchObject({ code: 'wrong_area' });
    const unknown = await call(app(), 'GET', '/api/app/benefits', { token: 'no-such-session-token' });
    expect(unknown.json()).toMatchObject({ code: 'session_ended' });
  });

  it('an illegal claim move is 409 claim_state_conflict with params from and to', async () => {
    const claim = await submittedClaim(app());
    const partner = await administratorOf(app(), claim.fundId);
    await readyForApproval(app(), claim, (await createStaff(app(), ['claims.read', 'claims.review'])).token);
    const response = await app().inject({
      method: 'POST',
      url: '/api/v2/benefitclaim/approvalresponse',
      headers: { authorization: `Bearer ${partner.key}` },
      payload: { claimId: claim.claimId, decision: 'paid', paymentReference: 'EFT-1' },
    });
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body.code).toBe('claim_state_conflict');
    expect(body.params).toEqual({ from: expect.any(String), to: 'paid' });
    expect(body.message).toBe(`A claim cannot move from ${body.params.from} to paid.`);
  });

  it('the partner API answers RFC 9457 problem details when Accept prefers them', async () => {
    const ask = (accept?: string) =>
      app().inject({
        method: 'POST',
        url: '/api/v2/benefitclaim/getlist',
        headers: { authorization: 'Bearer bcp_pk_wrong', ...(accept ? { accept } : {}) },
        payload: {},
      });
    const problem = await ask('application/problem+json');
    expect(problem.statusCode).toBe(401);
    expect(problem.headers['content-type']).toContain('application/problem+json');
    expect(problem.json()).toEqual({
      type: 'urn:bcp:problem:invalid_api_key',
      title: ERROR_CODES.invalid_api_key.description,
      status: 401,
      detail: 'Invalid or revoked API key.',
      message: 'Invalid or revoked API key.',
      code: 'invalid_api_key',
    });
    const plain = await ask();
    expect(plain.headers['content-type']).toContain('application/json');
    expect(plain.json()).toEqual({ message: 'Invalid or revoked API key.', code: 'invalid_api_key' });
    const preferJson = await ask('application/json, application/problem+json;q=0.5');
    expect(preferJson.headers['content-type']).toContain('application/json');
    // Problem details are the partner API's: the member app keeps its JSON.
    const member = await call(app(), 'GET', '/api/app/benefits', { headers: { accept: 'application/problem+json' } });
    expect(member.headers['content-type']).toContain('application/json');
    expect(ErrorResponse.safeParse(member.json()).success).toBe(true);
  });

  it('429 is rate_limited with retryAfterSeconds, as Retry-After says', async () => {
    const reset = () =>
      call(app(), 'POST', '/api/v1/admin-sessions/reset-password', {
        body: { token: 'x'.repeat(40), password: 'a-long-new-password-1' },
        remoteAddress: '192.0.2.59',
      });
    let response = await reset();
    for (let index = 0; index < 10 && response.statusCode !== 429; index += 1) response = await reset();
    expect(response.statusCode).toBe(429);
    const body = response.json();
    expect(body.code).toBe('rate_limited');
    expect(body.params).toEqual({ retryAfterSeconds: Number(response.headers['retry-after']) });
    expect(body.params.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('the document lists the codes of each error answer, and declares 400, 413 and 415 for bodies', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const login = document.paths['/api/app/beneficiary-sessions/login'].post.responses;
    expect(login['400'][ERROR_CODES_EXTENSION]).toContain('malformed_json');
    expect(login['413'][ERROR_CODES_EXTENSION]).toContain('body_too_large');
    expect(login['415'][ERROR_CODES_EXTENSION]).toContain('unsupported_media_type');
    const getlist = document.paths['/api/v2/benefitclaim/getlist'].post.responses;
    expect(getlist['401'][ERROR_CODES_EXTENSION]).toEqual(['invalid_api_key']);
    const answer = document.paths['/api/v2/benefitclaim/approvalresponse'].post.responses;
    expect(answer['409'][ERROR_CODES_EXTENSION]).toContain('claim_state_conflict');
    expect(answer['409'][ERROR_CODES_EXTENSION]).not.toContain('webhook_endpoint_limit');
    expect(document.components.schemas.ErrorResponse.properties.code).toBeDefined();
  });
});
