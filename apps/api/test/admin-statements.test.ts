import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, funds, partners } from '../src/db/schema/index.js';
import { call } from './support/accounts.js';
import { type ClaimingMember, claimingMember, submittedClaim } from './support/claims.js';
import { pdfText } from './support/pdf-text.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 18: `GET /api/v1/benefits/{id}/statement` and the member's `GET
 * /api/app/benefit-claims/{id}/statement`: a PDF benefit statement with every required field,
 * checked by extracting its text.
 */
let testApp: TestApp;
let reviewer: Staff;
let claimed: ClaimingMember & { claimId: number };
const app = () => testApp.app;

const FEES = [
  { name: 'Tracing fee', kind: 'percentage' as const, basisPoints: 1000 },
  { name: 'Admin fee', kind: 'fixed' as const, amountCents: 5_000, vatApplies: false },
];

async function download(url: string, token: string) {
  const response = await app().inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { response, text: response.statusCode === 200 ? await pdfText(response.rawPayload) : '' };
}

beforeAll(async () => {
  testApp = await createTestApp();
  reviewer = await createStaff(app(), ['claims.read']);
  claimed = await submittedClaim(app(), { amountCents: 1_248_050, fees: FEES });
  const [partner] = await app()
    .db.insert(partners)
    .values({ name: 'Acme Administrators', kind: 'fund-administrator' })
    .returning({ id: partners.id });
  await app()
    .db.update(funds)
    .set({ administratorPartnerId: partner?.id as number })
    .where(eq(funds.id, claimed.fundId));
});
afterAll(async () => testApp.close());

describe('issue 18 GET benefits/{id}/statement', () => {
  it('is a PDF with every required field: fund, FSCA number, administrator, masked member, fees with VAT, claim, documents, complaints', async () => {
    const { response, text } = await download(`/api/v1/benefits/${claimed.benefitId}/statement`, reviewer.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename=benefit-statement-${claimed.benefitId}.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const expected of [
      'Benefit statement',
      'Fund: Claims Test Fund',
      'FSCA registration number: 12/8/',
      'Administrator: Acme Administrators',
      'Name: Thandi Mokoena',
      `ID number: *********${claimed.idNumber.slice(-4)}`,
      'Benefit type: withdrawal',
      'Gross amount: R 12 480,50',
      // 10% of R 12 480,50 = R 1 248,05; VAT 15% = R 187,21.
      'Fee: Tracing fee: R 1 248,05 plus VAT R 187,21 = R 1 435,26',
      'Fee: Admin fee: R 50,00 plus VAT R 0,00 = R 50,00',
      'Total fees including VAT: R 1 485,26',
      'Net payout: R 10 995,24',
      'Claim status: Submitted',
      'Decided: not yet',
      'Documents received: Copy of your ID (',
      'Proof of bank account (',
      'How to complain',
      'Pension Funds Adjudicator',
      'FAIS Ombud',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(claimed.idNumber);
    const audits = await app()
      .db.select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'benefits.statement-issued'), eq(auditEvents.entityId, String(claimed.benefitId))),
      );
    expect(audits).toHaveLength(1);
  });

  it('states an unclaimed benefit with today’s payout, and answers 404 for an unknown benefit', async () => {
    const member = await claimingMember(app(), { amountCents: 18_620 });
    const { text } = await download(`/api/v1/benefits/${member.benefitId}/statement`, reviewer.token);
    expect(text).toContain('Claim status: not claimed yet');
    expect(text).toContain('Net payout: R 186,20');
    expect(text).toContain('Documents received: none');
    expect((await download('/api/v1/benefits/999999/statement', reviewer.token)).response.statusCode).toBe(404);
  });
});

describe("issue 18 the member's statement: GET /api/app/benefit-claims/{id}/statement", () => {
  it('gives the member the same statement of their own benefit', async () => {
    const { response, text } = await download(`/api/app/benefit-claims/${claimed.benefitId}/statement`, claimed.token);
    expect(response.statusCode).toBe(200);
    expect(text).toContain('Net payout: R 10 995,24');
    expect(text).toContain(`ID number: *********${claimed.idNumber.slice(-4)}`);
  });

  it("answers 404 for another member's benefit, 403 before the identity check, 401 without a token or with a staff token", async () => {
    const other = await claimingMember(app());
    expect(
      (await download(`/api/app/benefit-claims/${claimed.benefitId}/statement`, other.token)).response.statusCode,
    ).toBe(404);
    const unverified = await claimingMember(app(), { identityVerified: false });
    expect(
      (await download(`/api/app/benefit-claims/${unverified.benefitId}/statement`, unverified.token)).response
        .statusCode,
    ).toBe(403);
    expect((await call(app(), 'GET', `/api/app/benefit-claims/${claimed.benefitId}/statement`)).statusCode).toBe(401);
    expect(
      (await download(`/api/app/benefit-claims/${claimed.benefitId}/statement`, reviewer.token)).response.statusCode,
    ).toBe(401);
  });
});
