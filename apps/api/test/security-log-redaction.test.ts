import { context, TraceFlags, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPersonalNumbers, redactUrl } from '../src/platform/logging/log-redaction.js';
import { call } from './support/accounts.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'debug' } });
});
afterAll(async () => t.close());

const ID_NUMBER = '7503140234085';
const ACCOUNT_NUMBER = '62123456789';
const RESET_TOKEN = 'Q2hhbmdlTWVfUmVzZXRUb2tlbl9zZWNyZXRfMDEyMzQ1Njc4OQ';

/** A log line as text, with every way of separating digits taken out (so `750314 0234 085` is found). */
function digitsJoined(line: Record<string, unknown>): string {
  return JSON.stringify(line).replace(/%20|%2[dDeE]|[ .\-+]/g, '');
}

describe('issue 13 item 9: nothing personal in the logs', () => {
  it('ID numbers, however typed, reset tokens, account numbers and PINs are not logged', async () => {
    const staff = await createStaff(t.app, 'super-admin');
    const typed = [
      ID_NUMBER,
      '750314 0234 085',
      '750314-0234-085',
      '750314.0234.085',
      '750314%200234%20085',
      '750314+0234+085',
      '750314%2D0234%2D085',
    ];
    for (const idNumber of typed) {
      const query = idNumber.includes('%') ? idNumber : encodeURIComponent(idNumber).replace(/%20/g, '+');
      await call(t.app, 'GET', `/api/app/benefits/idNumber?idNumber=${query}`);
      await call(t.app, 'GET', `/api/v1/benefits?q=${query}`, { token: staff.token });
      await call(t.app, 'GET', `/api/no-such/${query}`);
    }
    await call(t.app, 'GET', `/api/v1/admin-sessions/verify-reset-url/${RESET_TOKEN}`);
    await call(t.app, 'GET', `/api/v1/historic-accounts?accountNumber=${ACCOUNT_NUMBER}&last4=6789`, {
      token: staff.token,
    });
    await call(t.app, 'GET', `/api/v1/users?q=${ACCOUNT_NUMBER.slice(0, 5)}-${ACCOUNT_NUMBER.slice(5)}`, {
      token: staff.token,
    });
    await call(t.app, 'GET', '/api/dev/otp?destination=%2B27825551234&otp=123456');

    expect(t.logs.length).toBeGreaterThan(20);
    const urls = t.logs.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls.length).toBeGreaterThan(20);
    for (const line of t.logs) {
      const text = digitsJoined(line);
      expect(text).not.toContain(ID_NUMBER);
      expect(text).not.toContain(ACCOUNT_NUMBER);
      expect(JSON.stringify(line)).not.toContain(RESET_TOKEN);
      expect(JSON.stringify(line)).not.toContain('otp=123456');
    }
    // What is left is still useful: the route and the last 4 digits.
    expect(urls).toContain('/api/app/benefits/idNumber?idNumber=[redacted]');
    expect(urls).toContain('/api/v1/admin-sessions/verify-reset-url/[redacted]');
    expect(urls.some((url) => url?.startsWith('/api/no-such/*****4085'))).toBe(true);
  });

  it('masks digit runs of 7 or more however separated, and leaves short numbers alone', () => {
    expect(maskPersonalNumbers(`ID ${ID_NUMBER} and 750314 0234 085`)).toBe('ID *****4085 and *****4085');
    expect(maskPersonalNumbers('account 62-1234-5678-9')).toBe('account *****6789');
    expect(maskPersonalNumbers('/api/v1/users/123456 took 12.5 ms')).toBe('/api/v1/users/123456 took 12.5 ms');
    expect(redactUrl('/api/v1/benefits/42?q=750314%200234%20085&sort[]=id:desc')).toBe(
      '/api/v1/benefits/42?q=*****4085&sort[]=id:desc',
    );
    expect(redactUrl('/api/app/identity-verifications/callback')).toBe('/api/app/identity-verifications/callback');
    expect(redactUrl('/api/identity-sandbox/checks/x7Kq2mP9vR4tW1yZ8bN3cD6f')).toBe(
      '/api/identity-sandbox/checks/[redacted]',
    );
    expect(redactUrl('/api/app/x?Account_Number=1&OTP=2&resetToken=3&page=2')).toBe(
      '/api/app/x?Account_Number=[redacted]&OTP=[redacted]&resetToken=[redacted]&page=2',
    );
  });

  it('stays fast on a long hostile URL', () => {
    const started = process.hrtime.bigint();
    redactUrl(`/api/x?q=${'1 '.repeat(50_000)}a`);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1000);
  });
  it('keeps the active span trace and span ids whole (decision 054), and masks digit runs given under their names otherwise', () => {
    // Random hex with a run of 7 digits, as a trace id can be: masking it would lose the trace.
    const traceId = '76870c263c606d8251018a37058864d1';
    const spanId = '8251018a37058864';
    const contextManager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(contextManager);
    try {
      const before = t.logs.length;
      const span = trace.wrapSpanContext({ traceId, spanId, traceFlags: TraceFlags.SAMPLED });
      context.with(trace.setSpan(context.active(), span), () => {
        t.app.log.info('a traced line');
        t.app.log.info({ trace_id: ID_NUMBER, span_id: `${ID_NUMBER}abc` }, 'a line lying about its trace');
        t.app.log.info({ detail: { trace_id: traceId } }, 'nested');
      });
      t.app.log.info({ trace_id: traceId, span_id: spanId }, 'outside the span');
      const [traced, lying, nested, outside] = t.logs.slice(before);
      expect(traced).toMatchObject({ trace_id: traceId, span_id: spanId });
      expect(JSON.stringify(lying)).not.toContain(ID_NUMBER);
      expect(nested).toMatchObject({ trace_id: traceId });
      expect(JSON.stringify(nested?.detail)).not.toContain('8251018');
      expect(JSON.stringify(outside)).not.toContain('8251018');
    } finally {
      context.disable();
    }
  });
});
