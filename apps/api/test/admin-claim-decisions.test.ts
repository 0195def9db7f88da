import { DECISION_MESSAGES } from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, benefitClaimEvents, benefits, notifications } from '../src/db/schema/index.js';
import { call } from './support/accounts.js';
import { claimingMember, readyForApproval, submittedClaim } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
let approver: Staff;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp();
  approver = await createStaff(app(), ['claims.read', 'claims.review', 'claims.approve', 'claims.lodge']);
});
afterAll(async () => testApp.close());

const staffPost = (url: string, body?: object) => call(app(), 'POST', url, { token: approver.token, body: body ?? {} });

async function claimEvents(claimId: number) {
  return app().db.select().from(benefitClaimEvents).where(eq(benefitClaimEvents.claimId, claimId));
}

describe('issue 9 decisions by staff', () => {
  it('takes a claim through review, approval and payment, each move in the timeline with its actor', async () => {
    const member = await submittedClaim(app());
    const review = await staffPost(`/api/v1/benefits/claim/${member.claimId}/review`);
    expect(review.statusCode).toBe(200);
    expect(review.json().status).toBe('in_review');
    await readyForApproval(app(), member, approver.token);
    const approved = await staffPost(`/api/v1/benefits/claim/${member.claimId}/decision`, { decision: 'approved' });
    expect(approved.json().status).toBe('approved');
    const paid = await staffPost(`/api/v1/benefits/claim/${member.claimId}/decision`, {
      decision: 'paid',
      paymentReference: 'EFT-2026-0001',
    });
    expect(paid.json()).toMatchObject({ status: 'paid', paymentReference: 'EFT-2026-0001' });
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, member.benefitId));
    expect(benefit?.status).toBe('paid');
    // The member's timeline shows every move, the later ones made by staff.
    const mine = await call(app(), 'GET', `/api/app/benefit-claims/${member.benefitId}`, { token: member.token });
    expect(
      mine.json().events.map((event: { toStatus: string; actor: string }) => `${event.toStatus}:${event.actor}`),
    ).toEqual(['draft:you', 'submitted:you', 'in_review:staff', 'approved:staff', 'paid:staff']);
    const audits = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'claims'), eq(auditEvents.entityId, String(member.claimId))));
    // The moves' audit rows (the review's own rows, steps, documents and bank match, are tested with them).
    const moves = ['claims.in_review', 'claims.approved', 'claims.paid', 'claims.rejected'];
    expect(audits.map((row) => row.action).filter((action) => moves.includes(action))).toEqual([
      'claims.in_review',
      'claims.approved',
      'claims.paid',
    ]);
  });

  it('changes nothing when the same decision comes again', async () => {
    const member = await submittedClaim(app());
    await staffPost(`/api/v1/benefits/claim/${member.claimId}/review`);
    const again = await staffPost(`/api/v1/benefits/claim/${member.claimId}/review`);
    expect(again.statusCode).toBe(200);
    const reject = { decision: 'rejected', reason: 'The ID copy is not readable.' };
    await staffPost(`/api/v1/benefits/claim/${member.claimId}/decision`, reject);
    const replay = await staffPost(`/api/v1/benefits/claim/${member.claimId}/decision`, reject);
    expect(replay.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The ID copy is not readable.' });
    const told = await app().db.select().from(notifications).where(eq(notifications.personUserId, member.personUserId));
    expect(told.map((row) => row.event)).toEqual(['claim.submitted', 'claim.in_review', 'claim.rejected']);
    expect(told.at(-1)?.body).toContain('The ID copy is not readable.');
    expect((await claimEvents(member.claimId)).map((event) => event.toStatus)).toEqual([
      'draft',
      'submitted',
      'in_review',
      'rejected',
    ]);
    const differently = await staffPost(`/api/v1/benefits/claim/${member.claimId}/decision`, {
      decision: 'rejected',
      reason: 'Another reason',
    });
    expect(differently.statusCode).toBe(409);
    expect(differently.json().message).toBe(DECISION_MESSAGES.alreadyDecided);
  });

  it('refuses moves the state machine does not allow (409) and changes nothing', async () => {
    const member = await submittedClaim(app());
    const paid = await staffPost(`/api/v1/benefits/claim/${member.claimId}/decision`, {
      decision: 'paid',
      paymentReference: 'EFT-1',
    });
    expect(paid.statusCode).toBe(409);
    expect((await claimEvents(member.claimId)).map((event) => event.toStatus)).toEqual(['draft', 'submitted']);
  });

  it('needs the reason of a rejection and the reference of a payment (422 per field)', async () => {
    const member = await submittedClaim(app());
    const rejected = await staffPost(`/api/v1/benefits/claim/${member.claimId}/decision`, { decision: 'rejected' });
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().errors).toEqual({ reason: [DECISION_MESSAGES.reasonRequired] });
    const paid = await staffPost(`/api/v1/benefits/claim/${member.claimId}/decision`, { decision: 'paid' });
    expect(paid.json().errors).toEqual({ paymentReference: [DECISION_MESSAGES.paymentReferenceRequired] });
  });

  it('lodges a claim for a member with the reason in the timeline; again returns the same claim', async () => {
    const member = await claimingMember(app());
    const lodged = await staffPost(`/api/v1/benefits/${member.benefitId}/admin/claim`, {
      reason: 'Member phoned the call centre for help',
    });
    expect(lodged.statusCode).toBe(200);
    expect(lodged.json()).toMatchObject({ status: 'draft' });
    expect(lodged.json().events).toEqual([
      expect.objectContaining({ toStatus: 'draft', actor: 'staff', note: 'Member phoned the call centre for help' }),
    ]);
    const again = await staffPost(`/api/v1/benefits/${member.benefitId}/admin/claim`, { reason: 'Again' });
    expect(again.json().id).toBe(lodged.json().id);
    const mine = await call(app(), 'GET', `/api/app/benefit-claims/${member.benefitId}`, { token: member.token });
    expect(mine.json().id).toBe(lodged.json().id);
  });

  it('records process step outcomes on the claim; the first one starts the review; audited', async () => {
    const member = await submittedClaim(app());
    const claim = await call(app(), 'GET', `/api/v1/benefits/claim/${member.claimId}`, { token: approver.token });
    const steps = claim.json().processSteps;
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((step: { status: string }) => step.status === 'pending')).toBe(true);
    const logged = await staffPost(`/api/v1/benefits/${member.benefitId}`, {
      stepId: steps[0].id,
      status: 'passed',
      note: 'ID copy matches the identity check',
    });
    expect(logged.statusCode).toBe(200);
    expect(logged.json().status).toBe('in_review');
    expect(logged.json().processSteps[0]).toMatchObject({
      status: 'passed',
      note: 'ID copy matches the identity check',
      decidedBy: { type: 'user', id: approver.userId },
    });
    const audits = await app()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'claims.process_step_logged'));
    expect(audits.some((row) => row.entityId === String(member.claimId))).toBe(true);
    const otherClaim = await submittedClaim(app());
    const foreign = await staffPost(`/api/v1/benefits/${otherClaim.benefitId}`, {
      stepId: steps[0].id,
      status: 'passed',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a process step log on a claim that is not under review (409)', async () => {
    const member = await claimingMember(app());
    await call(app(), 'POST', `/api/app/benefit-claims/${member.benefitId}`, { token: member.token, body: {} });
    const response = await staffPost(`/api/v1/benefits/${member.benefitId}`, { stepId: 1, status: 'passed' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DECISION_MESSAGES.notInReview);
  });
});
