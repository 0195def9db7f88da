import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, benefitClaimEvents, notifications } from '../src/db/schema/index.js';
import { revokeApiKey } from '../src/modules/partners/partner-api-keys.service.js';
import { call } from './support/accounts.js';
import { readyForApproval, submittedClaim } from './support/claims.js';
import { administratorOf as administratorOfFund } from './support/partners.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const SYSTEM = { actor: { type: 'system', label: 'test' } } as const;

let testApp: TestApp;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

const administratorOf = (fundId: number) => administratorOfFund(app(), fundId);

/** A partner API call: API key, no cookies, no XSRF header. */
const partnerCall = (key: string, path: string, body: object) =>
  app().inject({
    method: 'POST',
    url: `/api/v2/benefitclaim/${path}`,
    headers: { authorization: `Bearer ${key}` },
    payload: body,
  });

describe('issue 9 partner API v2 (benefitclaim/*)', () => {
  it('lists and details only the claims of the funds the partner administers', async () => {
    const mine = await submittedClaim(app(), { accountNumber: '1234567890' });
    const others = await submittedClaim(app());
    const partner = await administratorOf(mine.fundId);
    await administratorOf(others.fundId);
    const list = await partnerCall(partner.key, 'getlist', {});
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { id: number }) => item.id)).toEqual([mine.claimId]);
    const details = await partnerCall(partner.key, 'getdetails', { claimId: mine.claimId });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      claimId: mine.claimId,
      status: 'submitted',
      member: { idNumber: mine.idNumber, identityVerified: true },
      bankAccount: { accountNumber: '1234567890', universalBranchCode: '632005' },
      payout: { netAmountCents: mine.amountCents },
    });
    expect(details.json().documents).toHaveLength(2);
    const notMine = await partnerCall(partner.key, 'getdetails', { claimId: others.claimId });
    expect(notMine.statusCode).toBe(404);
    const decideOthers = await partnerCall(partner.key, 'approvalresponse', {
      claimId: others.claimId,
      decision: 'approved',
    });
    expect(decideOthers.statusCode).toBe(404);
    const reads = await app()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(mine.claimId)));
    expect(reads.some((row) => row.action === 'claims.viewed' && row.actorType === 'partner')).toBe(true);
  });

  it('refuses a wrong or revoked key (401), and member or staff tokens', async () => {
    const member = await submittedClaim(app());
    const partner = await administratorOf(member.fundId);
    expect((await partnerCall('bcp_pk_wrong', 'getlist', {})).statusCode).toBe(401);
    expect((await partnerCall(member.token, 'getlist', {})).statusCode).toBe(401);
    const staff = await createStaff(app(), 'super-admin');
    expect((await partnerCall(staff.token, 'getlist', {})).statusCode).toBe(401);
    await revokeApiKey(app().db, partner.partnerId, partner.keyId, SYSTEM);
    expect((await partnerCall(partner.key, 'getlist', {})).statusCode).toBe(401);
  });

  it('approves and then marks paid; a replayed answer changes nothing; illegal moves are 409', async () => {
    const member = await submittedClaim(app());
    const partner = await administratorOf(member.fundId);
    await readyForApproval(app(), member, (await createStaff(app(), ['claims.read', 'claims.review'])).token);
    const early = await partnerCall(partner.key, 'approvalresponse', {
      claimId: member.claimId,
      decision: 'paid',
      paymentReference: 'EFT-1',
    });
    expect(early.statusCode).toBe(409);
    const approved = await partnerCall(partner.key, 'approvalresponse', {
      claimId: member.claimId,
      decision: 'approved',
    });
    expect(approved.json()).toEqual({ claimId: member.claimId, status: 'approved', changed: true });
    const replay = await partnerCall(partner.key, 'approvalresponse', {
      claimId: member.claimId,
      decision: 'approved',
    });
    expect(replay.json()).toEqual({ claimId: member.claimId, status: 'approved', changed: false });
    const paid = { claimId: member.claimId, decision: 'paid', paymentReference: 'EFT-2026-11-000123' };
    expect((await partnerCall(partner.key, 'approvalresponse', paid)).json().status).toBe('paid');
    expect((await partnerCall(partner.key, 'approvalresponse', paid)).json().changed).toBe(false);
    const events = await app()
      .db.select()
      .from(benefitClaimEvents)
      .where(eq(benefitClaimEvents.claimId, member.claimId));
    expect(events.map((event) => `${event.toStatus}:${event.actorType}`)).toEqual([
      'draft:person_user',
      'submitted:person_user',
      // Staff's review (the approval checks, issue 36) took the claim into review.
      'in_review:user',
      'approved:partner',
      'paid:partner',
    ]);
    const mine = await call(app(), 'GET', `/api/app/benefit-claims/${member.benefitId}`, { token: member.token });
    expect(mine.json().events.at(-1)).toMatchObject({ toStatus: 'paid', actor: 'fund' });
    // Each move told the member once (replays did not): submitted, in review, approved, paid.
    const told = await app().db.select().from(notifications).where(eq(notifications.personUserId, member.personUserId));
    expect(told.map((row) => row.event)).toEqual([
      'claim.submitted',
      'claim.in_review',
      'claim.approved',
      'claim.paid',
    ]);
    expect(told.at(-1)?.body).toContain('EFT-2026-11-000123');
  });

  it('needs a reason to reject (422) and changes nothing', async () => {
    const member = await submittedClaim(app());
    const partner = await administratorOf(member.fundId);
    const response = await partnerCall(partner.key, 'approvalresponse', {
      claimId: member.claimId,
      decision: 'rejected',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('reason');
    const details = await partnerCall(partner.key, 'getdetails', { claimId: member.claimId });
    expect(details.json().status).toBe('submitted');
  });

  it('leaves decisions on an administered fund to its administrator: staff get 409', async () => {
    const member = await submittedClaim(app());
    await administratorOf(member.fundId);
    const staff = await createStaff(app(), ['claims.approve']);
    const response = await call(app(), 'POST', `/api/v1/benefits/claim/${member.claimId}/decision`, {
      token: staff.token,
      body: { decision: 'approved' },
    });
    expect(response.statusCode).toBe(409);
  });
});
