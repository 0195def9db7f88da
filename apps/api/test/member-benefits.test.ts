import { CLAIM_MESSAGES } from '@bcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '../src/platform/auth/route-access.js';
import { createSession } from '../src/platform/auth/sessions.js';
import { call } from './support/accounts.js';
import { claimingMember } from './support/claims.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());
const app = () => testApp.app;

describe('issue 4 "My benefits": GET benefits, benefits/total, benefits/{id}/benefit', () => {
  it("lists the member's benefits with fund, type, amount (cents), status and claim", async () => {
    const member = await claimingMember(app(), { amountCents: 9_635 });
    const response = await call(app(), 'GET', '/api/app/benefits', { token: member.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id: member.benefitId,
          fund: { id: member.fundId, name: 'Claims Test Fund', registrationNumber: expect.stringMatching(/^12\/8\//) },
          benefitType: 'withdrawal',
          amountCents: 9_635,
          status: 'unclaimed',
          claim: null,
        },
      ],
      page: 1,
      pageSize: 1,
      total: 1,
      totalPages: 1,
    });
  });

  it('gives totals: count and amount (cents), all and unclaimed', async () => {
    const member = await claimingMember(app(), { amountCents: 18_620 });
    const response = await call(app(), 'GET', '/api/app/benefits/total', { token: member.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalBenefits: 1,
      totalAmountCents: 18_620,
      unclaimedBenefits: 1,
      unclaimedAmountCents: 18_620,
    });
  });

  it('returns one benefit with person (ID number masked), fund and payout after fees with VAT', async () => {
    const member = await claimingMember(app(), {
      amountCents: 1_000_000,
      fees: [
        { name: 'Tracing fee', kind: 'percentage', basisPoints: 250 },
        { name: 'Admin fee', kind: 'fixed', amountCents: 5_000, vatApplies: false },
      ],
    });
    const response = await call(app(), 'GET', `/api/app/benefits/${member.benefitId}/benefit`, { token: member.token });
    expect(response.statusCode).toBe(200);
    const benefit = response.json();
    expect(benefit.person).toEqual({
      firstName: 'Thandi',
      lastName: 'Mokoena',
      idNumberMasked: `*********${member.idNumber.slice(-4)}`,
      dateOfBirth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(response.body).not.toContain(member.idNumber);
    expect(benefit.payout).toEqual({
      grossAmountCents: 1_000_000,
      fees: [
        {
          name: 'Tracing fee',
          kind: 'percentage',
          basisPoints: 250,
          feeCents: 25_000,
          vatCents: 3_750,
          totalCents: 28_750,
        },
        { name: 'Admin fee', kind: 'fixed', basisPoints: null, feeCents: 5_000, vatCents: 0, totalCents: 5_000 },
      ],
      totalFeesCents: 33_750,
      netAmountCents: 966_250,
    });
  });

  it("answers 404 for another member's benefit, the same as for none", async () => {
    const member = await claimingMember(app());
    const other = await claimingMember(app());
    const others = await call(app(), 'GET', `/api/app/benefits/${other.benefitId}/benefit`, { token: member.token });
    const none = await call(app(), 'GET', '/api/app/benefits/987654321/benefit', { token: member.token });
    expect(others.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(others.json()).toEqual(none.json());
    expect(others.json()).toEqual({ message: CLAIM_MESSAGES.benefitNotFound, code: 'benefit_not_found' });
  });

  it('refuses a member whose identity check has not passed (403, spec 6)', async () => {
    const member = await claimingMember(app(), { identityVerified: false });
    for (const url of [
      '/api/app/benefits',
      '/api/app/benefits/total',
      `/api/app/benefits/${member.benefitId}/benefit`,
    ]) {
      const response = await call(app(), 'GET', url, { token: member.token });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(CLAIM_MESSAGES.identityFirst);
    }
  });
});

describe('issue 4: every member route refuses callers who are not the signed-in member', () => {
  const routes = [
    ['GET', '/api/app/benefits'],
    ['GET', '/api/app/benefits/total'],
    ['GET', '/api/app/benefits/1/benefit'],
    ['GET', '/api/app/benefit-claims/1'],
    ['POST', '/api/app/benefit-claims/1'],
    ['POST', '/api/app/benefit-claims/1/claim'],
    ['POST', '/api/app/benefit-claims/1/documents?kind=ID_COPY'],
    ['DELETE', '/api/app/benefit-claims/1/documents/1'],
    ['GET', '/api/app/benefit-claims/person-banks'],
    ['POST', '/api/app/benefit-claims/person-banks'],
    ['GET', '/api/app/benefit-claims/person-banks/1'],
    ['PUT', '/api/app/benefit-claims/person-banks/1'],
    ['POST', '/api/app/benefit-claims/person-banks/1/otp'],
    ['DELETE', '/api/app/benefit-claims/person-banks/1'],
    ['GET', '/api/app/banks'],
  ] as const;

  it.each(routes)('%s %s: 401 without a token', async (method, url) => {
    const response = await call(app(), method, url, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(ACCESS_MESSAGES.signIn);
  });

  it.each(routes)('%s %s: 401 with a staff (admin area) token', async (method, url) => {
    const member = await claimingMember(app());
    const staff = await createSession(app().db, { area: 'admin', subjectId: member.personUserId });
    const response = await call(app(), method, url, {
      token: staff.token,
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(response.statusCode).toBe(401);
  });

  it.each(routes)('%s %s: 403 before the sign-in PIN was entered', async (method, url) => {
    const member = await claimingMember(app());
    const unverified = await createSession(app().db, { area: 'beneficiary', subjectId: member.personUserId });
    const response = await call(app(), method, url, {
      token: unverified.token,
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ACCESS_MESSAGES.verifyFirst);
  });
});
