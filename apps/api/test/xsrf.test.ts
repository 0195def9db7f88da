import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/modules/partners/partner-api-keys.service.js';
import { createPartner } from '../src/modules/partners/partners.service.js';
import { XSRF_MISMATCH_MESSAGE } from '../src/platform/http/xsrf.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
/** One test route per method (each operation has its own operationId, issue 26). */
const changeUrl = (method: string) => `/api/test/change-${method.toLowerCase()}`;
beforeAll(async () => {
  testApp = await createTestApp({
    prepare(app) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        app.route({
          method,
          url: changeUrl(method),
          config: { access: 'public' },
          schema: { operationId: `testChange${method}` },
          handler: async () => ({ changed: true }),
        });
      }
      // Every /api/v2 route takes a partner API key (issue 8).
      app.post(
        '/api/v2/test/partner-call',
        { config: { access: { area: 'partner' } }, schema: { operationId: 'testPartnerCall' } },
        async () => ({
          changed: true,
        }),
      );
    },
  });
});
afterAll(async () => testApp.close());

describe('XSRF (spec section 7)', () => {
  it('sets an XSRF-TOKEN cookie readable by the page when the request has none', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('gives every visitor a token of its own, across refills of the random bytes (300 visitors)', async () => {
    const tokens = new Set<string>();
    for (let visitor = 0; visitor < 300; visitor += 1) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      const token = response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      tokens.add(token);
    }
    expect(tokens.size).toBe(300);
  });

  it("sets no cookie on the web build's immutable, publicly cached files (/assets/)", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('does not replace the cookie when the request has one', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { 'XSRF-TOKEN': 'existing' },
    });
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('refuses %s without the header with 403', async (method) => {
    const response = await testApp.app.inject({ method, url: changeUrl(method), cookies: { 'XSRF-TOKEN': 'abc' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: XSRF_MISMATCH_MESSAGE, code: 'xsrf_mismatch' });
  });

  it('refuses a header that does not match the cookie, and a header with no cookie', async () => {
    const mismatch = await testApp.app.inject({
      method: 'POST',
      url: changeUrl('POST'),
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abd' },
    });
    expect(mismatch.statusCode).toBe(403);
    const noCookie = await testApp.app.inject({
      method: 'POST',
      url: changeUrl('POST'),
      headers: { 'x-xsrf-token': 'abc' },
    });
    expect(noCookie.statusCode).toBe(403);
    // The refused request still receives a cookie to use next time.
    expect(noCookie.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeDefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'lets %s through when the header echoes the cookie',
    async (method) => {
      const response = await testApp.app.inject({
        method,
        url: changeUrl(method),
        cookies: { 'XSRF-TOKEN': 'abc' },
        headers: { 'x-xsrf-token': 'abc' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ changed: true });
    },
  );

  it('does not ask partner API (/api/v2) callers, who use API keys, for the header', async () => {
    // Without cookies or header the call reaches the API key check (401), not the XSRF check (403);
    // admin-partners.test.ts makes the same call with a valid key and gets 200.
    const response = await testApp.app.inject({ method: 'POST', url: '/api/v2/test/partner-call' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).not.toBe(XSRF_MISMATCH_MESSAGE);
  });

  it('sets no cookie on partner API (/api/v2) answers, refused or not (issue 39 item 5: "No cookies")', async () => {
    const refused = await testApp.app.inject({ method: 'POST', url: '/api/v2/benefitclaim/getlist', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['set-cookie']).toBeUndefined();
    const system = { actor: { type: 'system', label: 'test' } } as const;
    const partner = await createPartner(testApp.app.db, { name: 'Cookieless', kind: 'fund-administrator' }, system);
    const { key } = await createApiKey(testApp.app.db, partner.id, { name: 'Test' }, system);
    const answered = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/benefitclaim/getlist',
      headers: { authorization: `Bearer ${key}` },
      payload: { pageSize: 5 },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['set-cookie']).toBeUndefined();
    const unknown = await testApp.app.inject({ method: 'GET', url: '/api/v2/no-such-call' });
    expect(unknown.headers['set-cookie']).toBeUndefined();
    // The check can fail: the same server still hands browsers their cookie elsewhere.
    const member = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(member.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeDefined();
  });
});
