import { CLAIM_MESSAGES, INFORMATION_REQUEST_MESSAGES } from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  benefitClaims,
  claimInformationRequests,
  notifications,
  webhookDeliveries,
} from '../src/db/schema/index.js';
import { WEBHOOK_FAN_OUT_QUEUE } from '../src/modules/webhooks/webhook-deliveries.service.js';
import { call } from './support/accounts.js';
import { SAMPLE_FILES, submittedClaim, uploadDocument } from './support/claims.js';
import { administratorOf } from './support/partners.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 21 item 1: staff or the fund ask the member for a document or a correction; the member
 * answers on the claim page and the claim goes back to review. Each document shows its state.
 */
let testApp: TestApp;
let reviewer: Staff;
let reader: Staff;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp();
  reviewer = await createStaff(app(), ['claims.read', 'claims.review']);
  reader = await createStaff(app(), ['claims.read']);
});
afterAll(async () => testApp.close());

const staffPost = (url: string, body: object, token = reviewer.token) => call(app(), 'POST', url, { token, body });
const requestUrl = (claimId: number) => `/api/v1/benefits/claim/${claimId}/information`;
const reviewUrl = (claimId: number, documentId: number) =>
  `/api/v1/benefits/claim/${claimId}/documents/${documentId}/review`;
const memberClaim = (member: { token: string; benefitId: number }) =>
  call(app(), 'GET', `/api/app/benefit-claims/${member.benefitId}`, { token: member.token });
const answer = (member: { token: string; benefitId: number }, text: unknown) =>
  call(app(), 'POST', `/api/app/benefit-claims/${member.benefitId}/information`, {
    token: member.token,
    body: { answer: text },
  });
const partnerCall = (key: string, body: object) =>
  app().inject({
    method: 'POST',
    url: '/api/v2/benefitclaim/requestinformation',
    headers: { authorization: `Bearer ${key}` },
    payload: body,
  });

async function claimStatus(claimId: number) {
  const [row] = await app().db.select().from(benefitClaims).where(eq(benefitClaims.id, claimId));
  return row?.status;
}

const ASK_FOR_STATEMENT = {
  kind: 'document',
  documentKind: 'PROOF_OF_BANK_ACCOUNT',
  message: 'Your bank statement is older than three months.',
};

describe('issue 21 item 1: request more information', () => {
  it('round trip: staff ask for a document (rejecting the old one), the member uploads it in place, review resumes', async () => {
    const member = await submittedClaim(app());
    // The fund's partner hears the answer by webhook.
    const partner = await administratorOf(app(), member.fundId);
    const hook = await app().inject({
      method: 'POST',
      url: '/api/v2/webhooks',
      headers: { authorization: `Bearer ${partner.key}` },
      payload: { url: 'https://partner.example.com/hooks', events: ['claim.information_answered'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    await staffPost(`/api/v1/benefits/claim/${member.claimId}/review`, {});
    const before = (await memberClaim(member)).json();
    const statement = before.documents.find((document: { kind: string }) => document.kind === 'PROOF_OF_BANK_ACCOUNT');
    expect(statement.state).toBe('received');

    const asked = await staffPost(requestUrl(member.claimId), {
      ...ASK_FOR_STATEMENT,
      rejectDocument: {
        documentId: statement.id,
        reason: 'The statement is from January.',
        whatToDo: 'Upload a statement from the last three months.',
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().status).toBe('information_requested');
    expect(asked.json().informationRequests).toEqual([
      expect.objectContaining({
        kind: 'document',
        documentKind: 'PROOF_OF_BANK_ACCOUNT',
        message: ASK_FOR_STATEMENT.message,
        requestedBy: 'staff',
        answeredAt: null,
      }),
    ]);

    // The member sees what is asked and the rejected document's reason and what to do.
    const seen = (await memberClaim(member)).json();
    expect(seen.status).toBe('information_requested');
    expect(seen.informationRequest).toMatchObject({
      message: ASK_FOR_STATEMENT.message,
      documentKind: 'PROOF_OF_BANK_ACCOUNT',
    });
    expect(seen.documents.find((document: { id: number }) => document.id === statement.id)).toMatchObject({
      state: 'rejected',
      rejectionReason: 'The statement is from January.',
      whatToDo: 'Upload a statement from the last three months.',
    });
    const told = await app().db.select().from(notifications).where(eq(notifications.personUserId, member.personUserId));
    expect(told.map((row) => row.event)).toContain('claim.information_requested');
    // The request's words stay off lock screens and SMS: the notice only says more is needed.
    expect(told.find((row) => row.event === 'claim.information_requested')?.body).not.toContain('January');

    // Another document, or a written answer, is not what is asked: 422, nothing changes.
    const wrongKind = await uploadDocument(app(), member, 'ID_COPY', 'id.pdf', SAMPLE_FILES.pdf);
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors).toEqual({ kind: [INFORMATION_REQUEST_MESSAGES.uploadAsked] });
    const words = await answer(member, 'I sent it already');
    expect(words.statusCode).toBe(422);
    expect(words.json().errors).toEqual({ answer: [INFORMATION_REQUEST_MESSAGES.uploadAsked] });
    expect(await claimStatus(member.claimId)).toBe('information_requested');

    const uploaded = await uploadDocument(app(), member, 'PROOF_OF_BANK_ACCOUNT', 'march.pdf', SAMPLE_FILES.pdf);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ status: 'in_review', informationRequest: null });
    const fresh = uploaded
      .json()
      .documents.find((document: { kind: string }) => document.kind === 'PROOF_OF_BANK_ACCOUNT');
    expect(fresh).toMatchObject({ originalName: 'march.pdf', state: 'received', rejectionReason: null });
    expect(
      uploaded.json().events.map((event: { toStatus: string; actor: string }) => `${event.toStatus}:${event.actor}`),
    ).toEqual(['draft:you', 'submitted:you', 'in_review:staff', 'information_requested:staff', 'in_review:you']);

    const staffView = await call(app(), 'GET', `/api/v1/benefits/claim/${member.claimId}`, { token: reviewer.token });
    expect(staffView.json().informationRequests[0]).toMatchObject({ answerDocumentId: fresh.id });
    expect(staffView.json().informationRequests[0].answeredAt).not.toBeNull();
    // The answer's event is fanned out to the endpoints by a job (issue 34 item 9).
    await app().jobs.idle([WEBHOOK_FAN_OUT_QUEUE]);
    const deliveries = await app().db.select().from(webhookDeliveries);
    expect(
      deliveries.filter(
        (row) =>
          row.eventType === 'claim.information_answered' &&
          (row.payload as { data?: { claimId?: number } }).data?.claimId === member.claimId,
      ),
    ).toHaveLength(1);
    const audits = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'claims'), eq(auditEvents.entityId, String(member.claimId))));
    expect(audits.map((row) => row.action)).toContain('claims.information_requested');

    // Nothing is asked any more: a second answer is 409.
    const again = await uploadDocument(app(), member, 'PROOF_OF_BANK_ACCOUNT', 'again.pdf', SAMPLE_FILES.pdf);
    expect(again.statusCode).toBe(409);
  });

  it('round trip through the partner API: the fund asks for a correction, the member answers in words', async () => {
    const member = await submittedClaim(app());
    const partner = await administratorOf(app(), member.fundId);
    const asked = await partnerCall(partner.key, {
      claimId: member.claimId,
      kind: 'correction',
      message: 'Your surname differs from our records. Which is right?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ claimId: member.claimId, status: 'information_requested', changed: true });
    // A request is already open: 409.
    const twice = await partnerCall(partner.key, { claimId: member.claimId, kind: 'correction', message: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect((await memberClaim(member)).json().informationRequest).toMatchObject({
      kind: 'correction',
      documentKind: null,
      requestedBy: 'fund',
    });
    // A correction is answered in words, not by an upload.
    const upload = await uploadDocument(app(), member, 'ID_COPY', 'id.pdf', SAMPLE_FILES.pdf);
    expect(upload.statusCode).toBe(422);
    expect((await answer(member, '   ')).statusCode).toBe(422);
    expect((await answer(member, 'x'.repeat(2001))).statusCode).toBe(422);
    const answered = await answer(member, 'Mokoena is right; my ID book still has my maiden name.');
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'in_review', informationRequest: null });
    expect(answered.json().events.at(-2)).toMatchObject({ toStatus: 'information_requested', actor: 'fund' });
    const [stored] = await app()
      .db.select()
      .from(claimInformationRequests)
      .where(eq(claimInformationRequests.claimId, member.claimId));
    expect(stored?.answerText).toBe('Mokoena is right; my ID book still has my maiden name.');
    expect((await answer(member, 'Once more')).statusCode).toBe(409);
  });

  it('the partner reaches only the claims of its funds (404), and needs its key (401)', async () => {
    const mine = await submittedClaim(app());
    const others = await submittedClaim(app());
    const partner = await administratorOf(app(), mine.fundId);
    const notMine = await partnerCall(partner.key, { claimId: others.claimId, kind: 'correction', message: 'Hi' });
    expect(notMine.statusCode).toBe(404);
    const noKey = await app().inject({
      method: 'POST',
      url: '/api/v2/benefitclaim/requestinformation',
      payload: { claimId: mine.claimId, kind: 'correction', message: 'Hi' },
    });
    expect(noKey.statusCode).toBe(401);
    expect(
      (await partnerCall(mine.token, { claimId: mine.claimId, kind: 'correction', message: 'Hi' })).statusCode,
    ).toBe(401);
    expect(await claimStatus(mine.claimId)).toBe('submitted');
    expect(await claimStatus(others.claimId)).toBe('submitted');
  });

  it('staff routes need a staff token (401 without, 401 with a member token) and claims.review (403)', async () => {
    const member = await submittedClaim(app());
    const documentId = (await memberClaim(member)).json().documents[0].id;
    for (const [url, body] of [
      [requestUrl(member.claimId), ASK_FOR_STATEMENT],
      [reviewUrl(member.claimId, documentId), { state: 'accepted' }],
    ] as const) {
      expect((await call(app(), 'POST', url, { body })).statusCode).toBe(401);
      expect((await staffPost(url, body, member.token)).statusCode).toBe(401);
      expect((await staffPost(url, body, reader.token)).statusCode).toBe(403);
    }
    expect(await claimStatus(member.claimId)).toBe('submitted');
    expect((await memberClaim(member)).json().documents[0].state).toBe('received');
  });

  it("the member's answer needs their token and reaches only their own claim (404)", async () => {
    const owner = await submittedClaim(app());
    const stranger = await submittedClaim(app());
    await staffPost(requestUrl(owner.claimId), { kind: 'correction', message: 'Confirm your surname.' });
    const url = `/api/app/benefit-claims/${owner.benefitId}/information`;
    expect((await call(app(), 'POST', url, { body: { answer: 'Mokoena' } })).statusCode).toBe(401);
    expect((await call(app(), 'POST', url, { token: reviewer.token, body: { answer: 'Mokoena' } })).statusCode).toBe(
      401,
    );
    const foreign = await call(app(), 'POST', url, { token: stranger.token, body: { answer: 'Mokoena' } });
    expect(foreign.statusCode).toBe(404);
    const foreignUpload = await uploadDocument(
      app(),
      { token: stranger.token, benefitId: owner.benefitId },
      'ID_COPY',
      'id.pdf',
      SAMPLE_FILES.pdf,
    );
    expect(foreignUpload.statusCode).toBe(404);
    expect(await claimStatus(owner.claimId)).toBe('information_requested');
    // Nothing is asked of the stranger: 409.
    expect((await answer(stranger, 'Hello')).statusCode).toBe(409);
  });

  it('refuses bad requests with per-field 422s and changes nothing', async () => {
    const member = await submittedClaim(app());
    const other = await submittedClaim(app());
    const othersDocument = (await memberClaim(other)).json().documents[0].id;
    const cases: [object, string][] = [
      [{ kind: 'document', message: 'Upload it' }, 'documentKind'],
      [{ kind: 'correction', message: '   ' }, 'message'],
      [{ kind: 'correction', message: 'x'.repeat(1001) }, 'message'],
      [{ kind: 'photo', message: 'Hi' }, 'kind'],
      [
        { ...ASK_FOR_STATEMENT, rejectDocument: { documentId: othersDocument, reason: 'Old', whatToDo: 'New one' } },
        'rejectDocument.documentId',
      ],
      [
        { ...ASK_FOR_STATEMENT, rejectDocument: { documentId: othersDocument, reason: 'Old' } },
        'rejectDocument.whatToDo',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await staffPost(requestUrl(member.claimId), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect(await claimStatus(member.claimId)).toBe('submitted');
    expect(await claimStatus(other.claimId)).toBe('submitted');
    expect((await memberClaim(other)).json().documents[0].state).toBe('received');
    const requests = await app()
      .db.select()
      .from(claimInformationRequests)
      .where(eq(claimInformationRequests.claimId, member.claimId));
    expect(requests).toEqual([]);
    expect((await staffPost(requestUrl(999_999), ASK_FOR_STATEMENT)).statusCode).toBe(404);
  });

  it('asks only while a claim is submitted or in review (409 once decided)', async () => {
    const member = await submittedClaim(app());
    const rejected = await call(app(), 'POST', `/api/v1/benefits/claim/${member.claimId}/decision`, {
      token: (await createStaff(app(), ['claims.read', 'claims.approve'])).token,
      body: { decision: 'rejected', reason: 'Not the member.' },
    });
    expect(rejected.statusCode).toBe(200);
    const asked = await staffPost(requestUrl(member.claimId), ASK_FOR_STATEMENT);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(INFORMATION_REQUEST_MESSAGES.notRequestable);
  });

  it('staff accept or reject each document (reason and what to do required); the member sees the state', async () => {
    const member = await submittedClaim(app());
    const [idCopy, statement] = (await memberClaim(member)).json().documents;
    const accepted = await staffPost(reviewUrl(member.claimId, idCopy.id), { state: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const missing = await staffPost(reviewUrl(member.claimId, statement.id), { state: 'rejected' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      reason: [INFORMATION_REQUEST_MESSAGES.reasonRequired],
      whatToDo: [INFORMATION_REQUEST_MESSAGES.whatToDoRequired],
    });
    const rejected = await staffPost(reviewUrl(member.claimId, statement.id), {
      state: 'rejected',
      reason: 'The account holder is someone else.',
      whatToDo: 'Upload proof of an account in your own name.',
    });
    expect(rejected.statusCode).toBe(200);
    const documents = (await memberClaim(member)).json().documents;
    expect(documents.map((document: { state: string }) => document.state)).toEqual(['accepted', 'rejected']);
    expect(documents[1]).toMatchObject({ whatToDo: 'Upload proof of an account in your own name.' });
    const elsewhere = await submittedClaim(app());
    const notHere = await staffPost(reviewUrl(elsewhere.claimId, statement.id), { state: 'accepted' });
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().message).toBe(CLAIM_MESSAGES.documentNotFound);
    const audits = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'claims'), eq(auditEvents.entityId, String(member.claimId))));
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining(['claims.document_accepted', 'claims.document_rejected']),
    );
  });
});
