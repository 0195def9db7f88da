import { buildSaIdNumber } from '@bcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 34 item 4: `TRUST_PROXY` names how many hops (or which balancers) to believe, never "all".
 * Behind a balancer that appends the client's address to `X-Forwarded-For`, the per-IP limits
 * count that appended address, whatever the client wrote before it.
 */

/** The address the balancer appends (the real client); what the client wrote comes before it. */
const CLIENT = '198.51.100.7';
const forwardedBy = (index: number) => ({ 'x-forwarded-for': `203.0.113.${index % 250}, ${CLIENT}` });

describe('TRUST_PROXY: a hop count or the balancers, never every hop', () => {
  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, loopback', ['10.0.0.0/8', 'loopback']],
    ['192.0.2.10,2001:db8::/32', ['192.0.2.10', '2001:db8::/32']],
  ])('TRUST_PROXY=%j is read as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }, '/srv/app').trustProxy).toEqual(expected);
  });

  it.each([
    ['true', /TRUST_PROXY: .*"true" would trust every hop/],
    ['TRUE', /TRUST_PROXY: .*"true" would trust every hop/],
    ['11', /TRUST_PROXY: must be a hop count from 1 to 10/],
    ['10.0.0.0/33', /TRUST_PROXY: .*not "10\.0\.0\.0\/33"/],
    ['balancer.internal', /TRUST_PROXY: .*not "balancer\.internal"/],
    ['10.0.0.1,,10.0.0.2', /TRUST_PROXY: .*not ""/],
    ['1'.repeat(2001), /TRUST_PROXY: must be at most 2000 characters/],
  ])('TRUST_PROXY=%j is refused, saying why', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value }, '/srv/app')).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value }, '/srv/app')).toThrow(message);
  });
});

describe.each([
  ['1', 'one hop'],
  ['loopback', 'the balancer by address'],
])('with TRUST_PROXY=%s (%s), the limits count the balancer-appended address', (trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: trustProxy, BENEFIT_SEARCH_LIMIT_PER_HOUR: '30' } });
  });
  afterAll(async () => t.close());

  it('the 31st ID search in an hour is refused however the client varies X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/app/benefits/idNumber?idNumber=${buildSaIdNumber('1970-01-01', index)}`,
        headers: forwardedBy(index),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    // Another client behind the same balancer has its own count.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/app/benefits/idNumber?idNumber=${buildSaIdNumber('1970-01-01', 99)}`,
      headers: { 'x-forwarded-for': `${CLIENT}, 198.51.100.8` },
    });
    expect(other.statusCode).toBe(200);
  });

  it('the 61st sign-in a minute from one client is refused (60 per IP), each for another account', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/app/beneficiary-sessions/login',
        cookies: { 'XSRF-TOKEN': 'x' },
        headers: { 'x-xsrf-token': 'x', ...forwardedBy(index) },
        payload: { identifier: `nobody-${index}@example.com`, password: 'Wrong#password1' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
