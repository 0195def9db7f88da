import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BANK_ACCOUNT_MESSAGES, CLAIM_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  benefitClaimEvents,
  benefitClaims,
  benefits,
  claimDocuments,
  outboxMessages,
  personBankAccounts,
  tasks,
} from '../src/db/schema/index.js';
import { CLAIM_DOCUMENTS_FOLDER } from '../src/modules/benefit-claims/claim-documents.service.js';
import { IDEMPOTENCY_MESSAGES } from '../src/platform/http/idempotency.js';
import { call, latestOtp } from './support/accounts.js';
import {
  addBankAccount,
  claimingMember,
  firstBankId,
  prepareClaim,
  SAMPLE_FILES,
  uploadDocument,
} from './support/claims.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

const app = () => testApp.app;
const claimUrl = (benefitId: number) => `/api/app/benefit-claims/${benefitId}`;

describe('issue 4 "Claim steps": draft and steps', () => {
  it('starts a draft whose steps are, in order, current then todo, with the draft in the timeline', async () => {
    const member = await claimingMember(app());
    const response = await call(app(), 'POST', claimUrl(member.benefitId), { token: member.token, body: {} });
    expect(response.statusCode).toBe(200);
    const claim = response.json();
    expect(claim.status).toBe('draft');
    expect(claim.steps.map((step: { key: string; state: string }) => `${step.key}:${step.state}`)).toEqual([
      'personal-details:current',
      'bank-account:todo',
      'documents:todo',
      'fees:todo',
      'declaration:todo',
      'submit:todo',
    ]);
    expect(claim.events).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'draft', actor: 'you' })]);
    expect(claim.payout).toEqual({
      grossAmountCents: member.amountCents,
      fees: [],
      totalFeesCents: 0,
      netAmountCents: member.amountCents,
    });
  });

  it('marks steps done as the member completes them; GET answers the same claim', async () => {
    const member = await claimingMember(app());
    await call(app(), 'POST', claimUrl(member.benefitId), {
      token: member.token,
      body: { personalDetailsConfirmed: true },
    });
    const bankAccountId = await addBankAccount(app(), member, '1234567890');
    const saved = await call(app(), 'POST', claimUrl(member.benefitId), {
      token: member.token,
      body: { bankAccountId },
    });
    expect(saved.json().bankAccount).toMatchObject({ id: bankAccountId, accountNumberMasked: '******7890' });
    const states = saved.json().steps.map((step: { state: string }) => step.state);
    expect(states).toEqual(['done', 'done', 'current', 'todo', 'todo', 'todo']);
    const read = await call(app(), 'GET', claimUrl(member.benefitId), { token: member.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(saved.json().id);
  });

  it("refuses another member's bank account for the claim (422 on bankAccountId) and keeps the draft as it was", async () => {
    const member = await claimingMember(app());
    const other = await claimingMember(app());
    const othersAccount = await addBankAccount(app(), other);
    const response = await call(app(), 'POST', claimUrl(member.benefitId), {
      token: member.token,
      body: { bankAccountId: othersAccount },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ bankAccountId: [BANK_ACCOUNT_MESSAGES.notFound] });
    const read = await call(app(), 'GET', claimUrl(member.benefitId), { token: member.token });
    expect(read.json().bankAccount).toBeNull();
  });

  it("answers 404 for another member's benefit, on every claim call", async () => {
    const member = await claimingMember(app());
    const other = await claimingMember(app());
    for (const [method, url, body] of [
      ['GET', claimUrl(other.benefitId), undefined],
      ['POST', claimUrl(other.benefitId), {}],
      ['POST', `${claimUrl(other.benefitId)}/claim`, { declarationAccepted: true, netAmountCents: 1 }],
    ] as const) {
      const response = await call(app(), method, url, { token: member.token, body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const upload = await uploadDocument(
      app(),
      { token: member.token, benefitId: other.benefitId },
      'ID_COPY',
      'a.pdf',
      SAMPLE_FILES.pdf,
    );
    expect(upload.statusCode).toBe(404);
  });

  it('refuses a member whose identity is not verified (403), and starts nothing', async () => {
    const member = await claimingMember(app(), { identityVerified: false });
    const response = await call(app(), 'POST', claimUrl(member.benefitId), { token: member.token, body: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CLAIM_MESSAGES.identityFirst);
    expect(await app().db.select().from(benefitClaims).where(eq(benefitClaims.benefitId, member.benefitId))).toEqual(
      [],
    );
  });
});

describe('issue 4 "Documents"', () => {
  it('stores a PDF and a PNG under generated names and shows only name, type and size', async () => {
    const member = await claimingMember(app());
    await call(app(), 'POST', claimUrl(member.benefitId), { token: member.token, body: {} });
    const pdf = await uploadDocument(app(), member, 'ID_COPY', 'my id.pdf', SAMPLE_FILES.pdf, 'application/pdf');
    expect(pdf.statusCode).toBe(201);
    const png = await uploadDocument(app(), member, 'PROOF_OF_BANK_ACCOUNT', 'statement.png', SAMPLE_FILES.png);
    expect(png.statusCode).toBe(201);
    const documents = png.json().documents;
    expect(documents).toEqual([
      expect.objectContaining({ kind: 'ID_COPY', originalName: 'my id.pdf', contentType: 'application/pdf' }),
      expect.objectContaining({
        kind: 'PROOF_OF_BANK_ACCOUNT',
        contentType: 'image/png',
        sizeBytes: SAMPLE_FILES.png.length,
      }),
    ]);
    expect(JSON.stringify(documents)).not.toMatch(/storedName|claim-documents|[0-9a-f]{8}-[0-9a-f]{4}-/);
    const rows = await app().db.select().from(claimDocuments).where(eq(claimDocuments.claimId, png.json().id));
    expect(rows.map((row) => row.storedName)).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
    expect(png.json().steps[2]).toMatchObject({ key: 'documents', state: 'done' });
  });

  it('replaces the earlier document of the same kind, and removes one on request', async () => {
    const member = await claimingMember(app());
    await call(app(), 'POST', claimUrl(member.benefitId), { token: member.token, body: {} });
    await uploadDocument(app(), member, 'ID_COPY', 'first.pdf', SAMPLE_FILES.pdf);
    const second = await uploadDocument(app(), member, 'ID_COPY', 'second.jpg', SAMPLE_FILES.jpeg);
    expect(second.json().documents).toEqual([
      expect.objectContaining({ originalName: 'second.jpg', contentType: 'image/jpeg' }),
    ]);
    const documentId = second.json().documents[0].id;
    const removed = await call(app(), 'DELETE', `${claimUrl(member.benefitId)}/documents/${documentId}`, {
      token: member.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().documents).toEqual([]);
  });

  it('refuses a text file named .pdf with 415 (the content decides), and stores nothing', async () => {
    const member = await claimingMember(app());
    await call(app(), 'POST', claimUrl(member.benefitId), { token: member.token, body: {} });
    const before = storedFileCount();
    const response = await uploadDocument(app(), member, 'ID_COPY', 'id.pdf', SAMPLE_FILES.text, 'application/pdf');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: CLAIM_MESSAGES.documentType, code: 'document_type_unsupported' });
    expect(storedFileCount()).toBe(before);
    const read = await call(app(), 'GET', claimUrl(member.benefitId), { token: member.token });
    expect(read.json().documents).toEqual([]);
  });

  it('refuses a file over 10 MB with 413, and stores nothing', async () => {
    const member = await claimingMember(app());
    await call(app(), 'POST', claimUrl(member.benefitId), { token: member.token, body: {} });
    const before = storedFileCount();
    const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await uploadDocument(app(), member, 'ID_COPY', 'big.pdf', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: CLAIM_MESSAGES.documentTooLarge, code: 'document_too_large' });
    expect(storedFileCount()).toBe(before);
  });

  it('refuses an unknown document kind (422) and a request without a file (422)', async () => {
    const member = await claimingMember(app());
    await call(app(), 'POST', claimUrl(member.benefitId), { token: member.token, body: {} });
    const emptyUpload = (kind: string) =>
      app().inject({
        method: 'POST',
        url: `${claimUrl(member.benefitId)}/documents?kind=${kind}`,
        headers: {
          authorization: `Bearer ${member.token}`,
          'x-xsrf-token': 't',
          'content-type': 'multipart/form-data; boundary=x',
        },
        cookies: { 'XSRF-TOKEN': 't' },
        payload: '--x--\r\n',
      });
    const kind = await emptyUpload('SELFIE');
    expect(kind.statusCode).toBe(422);
    expect(kind.json().errors).toHaveProperty('kind');
    const empty = await emptyUpload('ID_COPY');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ file: [CLAIM_MESSAGES.documentMissing] });
  });
});

function storedFileCount(): number {
  try {
    return readdirSync(join(testApp.config.dataDir, CLAIM_DOCUMENTS_FOLDER)).length;
  } catch {
    return 0;
  }
}

describe('issue 4 "Submit"', () => {
  it('refuses to submit before every step is done (422 naming the steps), and changes nothing', async () => {
    const member = await claimingMember(app());
    await call(app(), 'POST', claimUrl(member.benefitId), {
      token: member.token,
      body: { personalDetailsConfirmed: true },
    });
    const response = await call(app(), 'POST', `${claimUrl(member.benefitId)}/claim`, {
      token: member.token,
      body: { declarationAccepted: true, netAmountCents: member.amountCents },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: CLAIM_MESSAGES.stepsMissing,
      errors: { steps: ['Bank account: not done yet.', 'Documents: not done yet.', 'Fees and payout: not done yet.'] },
      code: 'claim_steps_missing',
      fieldCodes: { steps: ['claim_steps_missing', 'claim_steps_missing', 'claim_steps_missing'] },
    });
    const read = await call(app(), 'GET', claimUrl(member.benefitId), { token: member.token });
    expect(read.json().status).toBe('draft');
  });

  it('refuses a submission without the declaration (422 per field)', async () => {
    const member = await claimingMember(app());
    const { netAmountCents } = await prepareClaim(app(), member);
    const response = await call(app(), 'POST', `${claimUrl(member.benefitId)}/claim`, {
      token: member.token,
      body: { declarationAccepted: false, netAmountCents },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.declarationAccepted).toEqual([CLAIM_MESSAGES.mustAccept]);
  });

  it('submits: draft -> submitted with time and actor, the payout kept, the benefit claimed', async () => {
    const member = await claimingMember(app());
    const { netAmountCents } = await prepareClaim(app(), member);
    const response = await call(app(), 'POST', `${claimUrl(member.benefitId)}/claim`, {
      token: member.token,
      body: { declarationAccepted: true, netAmountCents },
    });
    expect(response.statusCode).toBe(200);
    const claim = response.json();
    expect(claim.status).toBe('submitted');
    expect(claim.steps.every((step: { state: string }) => step.state === 'done')).toBe(true);
    expect(claim.events.map((event: { toStatus: string }) => event.toStatus)).toEqual(['draft', 'submitted']);
    expect(claim.events[1]).toMatchObject({ fromStatus: 'draft', actor: 'you' });
    expect(Date.parse(claim.events[1].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, member.benefitId));
    expect(benefit?.status).toBe('claimed');
    // Issue 6: the submission puts a review task in the staff work queue, linked to the claim.
    const reviewTasks = await app()
      .db.select()
      .from(tasks)
      .where(eq(tasks.entityId, String(claim.id)));
    expect(reviewTasks).toEqual([
      expect.objectContaining({ entityType: 'claims', status: 'open', title: `Review claim ${claim.id}` }),
    ]);
    const list = await call(app(), 'GET', '/api/app/benefits', { token: member.token });
    expect(list.json().items[0].claim).toMatchObject({ id: claim.id, status: 'submitted' });
    const again = await call(app(), 'POST', `${claimUrl(member.benefitId)}/claim`, {
      token: member.token,
      body: { declarationAccepted: true, netAmountCents },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CLAIM_MESSAGES.alreadySubmitted);
    const edit = await call(app(), 'POST', claimUrl(member.benefitId), {
      token: member.token,
      body: { feesAccepted: false },
    });
    expect(edit.statusCode).toBe(409);
  });

  it("refuses a submission whose payout is not today's (409) rather than pay another amount", async () => {
    const member = await claimingMember(app());
    const { netAmountCents } = await prepareClaim(app(), member);
    const response = await call(app(), 'POST', `${claimUrl(member.benefitId)}/claim`, {
      token: member.token,
      body: { declarationAccepted: true, netAmountCents: netAmountCents + 100 },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CLAIM_MESSAGES.payoutChanged);
  });

  it('honours Idempotency-Key: a replay gets the first answer; another body with the same key is 422', async () => {
    const member = await claimingMember(app());
    const { netAmountCents } = await prepareClaim(app(), member);
    const submit = (body: object, key: string) =>
      call(app(), 'POST', `${claimUrl(member.benefitId)}/claim`, {
        token: member.token,
        body,
        headers: { 'idempotency-key': key },
      });
    const first = await submit({ declarationAccepted: true, netAmountCents }, 'key-0001');
    expect(first.statusCode).toBe(200);
    const replay = await submit({ netAmountCents, declarationAccepted: true }, 'key-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const different = await submit({ declarationAccepted: true, netAmountCents: netAmountCents - 1 }, 'key-0001');
    expect(different.statusCode).toBe(422);
    expect(different.json()).toEqual({
      message: IDEMPOTENCY_MESSAGES.reused,
      errors: { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.reused] },
      code: 'idempotency_key_reused',
      fieldCodes: { 'Idempotency-Key': ['idempotency_key_reused'] },
    });
    const events = await app()
      .db.select()
      .from(benefitClaimEvents)
      .where(eq(benefitClaimEvents.claimId, first.json().id));
    expect(events.filter((event) => event.toStatus === 'submitted')).toHaveLength(1);
  });

  it('50 parallel starts make one claim; 50 parallel submits make exactly one submission', async () => {
    const member = await claimingMember(app());
    const starts = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(app(), 'POST', claimUrl(member.benefitId), { token: member.token, body: {} }),
      ),
    );
    expect(starts.map((response) => response.statusCode).every((status) => status === 200)).toBe(true);
    expect(new Set(starts.map((response) => response.json().id)).size).toBe(1);
    const { netAmountCents } = await prepareClaim(app(), member);
    const submits = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(app(), 'POST', `${claimUrl(member.benefitId)}/claim`, {
          token: member.token,
          body: { declarationAccepted: true, netAmountCents },
        }),
      ),
    );
    const statuses = submits.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const claims = await app().db.select().from(benefitClaims).where(eq(benefitClaims.benefitId, member.benefitId));
    expect(claims).toHaveLength(1);
    const events = await app()
      .db.select()
      .from(benefitClaimEvents)
      .where(eq(benefitClaimEvents.claimId, claims[0]?.id as number));
    expect(events.map((event) => event.toStatus)).toEqual(['draft', 'submitted']);
  });
});

describe('issue 4 "Bank account"', () => {
  const banksUrl = '/api/app/benefit-claims/person-banks';

  it('lists South African banks with universal branch codes', async () => {
    const member = await claimingMember(app());
    const response = await call(app(), 'GET', '/api/app/banks', { token: member.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Absa Bank', universalBranchCode: '632005' }),
        expect.objectContaining({ name: 'Capitec Bank', universalBranchCode: '470010' }),
        expect.objectContaining({ name: 'Standard Bank', universalBranchCode: '051001' }),
      ]),
    );
  });

  it("masks the account number everywhere but the owner's edit form, and stores it encrypted", async () => {
    const member = await claimingMember(app());
    const bankId = await firstBankId(app(), member.token);
    const created = await call(app(), 'POST', banksUrl, {
      token: member.token,
      body: { bankId, accountType: 'CHEQUE', accountNumber: '6201 234 5678', holderName: 'Ms T Mokoena' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      accountNumberMasked: '******5678',
      accountType: 'CHEQUE',
      usedBySubmittedClaim: false,
    });
    expect(created.body).not.toContain('62012345678');
    const list = await call(app(), 'GET', banksUrl, { token: member.token });
    expect(list.json().items).toHaveLength(1);
    expect(list.body).not.toContain('62012345678');
    const edit = await call(app(), 'GET', `${banksUrl}/${created.json().id}`, { token: member.token });
    expect(edit.json().accountNumber).toBe('62012345678');
    const [row] = await app().db.select().from(personBankAccounts).where(eq(personBankAccounts.id, created.json().id));
    expect(JSON.stringify(row)).not.toContain('62012345678');
    expect(JSON.stringify(testApp.logs)).not.toContain('62012345678');
  });

  it('refuses bad bank data with 422 per field and creates nothing', async () => {
    const member = await claimingMember(app());
    const response = await call(app(), 'POST', banksUrl, {
      token: member.token,
      body: { bankId: 'absa', accountType: 'GOLD', accountNumber: '12-34', holderName: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(VALIDATION_FAILED_MESSAGE);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'accountNumber',
      'accountType',
      'bankId',
      'holderName',
    ]);
    expect(response.json().errors.accountNumber).toEqual([BANK_ACCOUNT_MESSAGES.accountNumber]);
    const unknownBank = await call(app(), 'POST', banksUrl, {
      token: member.token,
      body: { bankId: 999_999, accountType: 'SAVINGS', accountNumber: '1234567', holderName: 'Someone Else' },
    });
    expect(unknownBank.statusCode).toBe(422);
    expect(unknownBank.json().errors).toEqual({
      bankId: [BANK_ACCOUNT_MESSAGES.bankUnknown],
      holderName: [BANK_ACCOUNT_MESSAGES.notOwnAccount],
    });
    const list = await call(app(), 'GET', banksUrl, { token: member.token });
    expect(list.json().items).toEqual([]);
  });

  it("answers 404 for another member's account (read, edit, remove)", async () => {
    const member = await claimingMember(app());
    const other = await claimingMember(app());
    const accountId = await addBankAccount(app(), other);
    const body = {
      bankId: await firstBankId(app(), member.token),
      accountType: 'SAVINGS',
      accountNumber: '1111111',
      holderName: 'T Mokoena',
    };
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', body],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(app(), method, `${banksUrl}/${accountId}`, { token: member.token, body: payload });
      expect(response.statusCode, method).toBe(404);
    }
  });

  it('after submission, a change needs a fresh PIN and the member is told by email and SMS', async () => {
    const member = await claimingMember(app());
    const { netAmountCents } = await prepareClaim(app(), member, '1234567890');
    await call(app(), 'POST', `${claimUrl(member.benefitId)}/claim`, {
      token: member.token,
      body: { declarationAccepted: true, netAmountCents },
    });
    const list = await call(app(), 'GET', banksUrl, { token: member.token });
    const account = list.json().items[0];
    expect(account.usedBySubmittedClaim).toBe(true);
    const body = {
      bankId: account.bank.id,
      accountType: 'SAVINGS',
      accountNumber: '9876543210',
      holderName: 'T Mokoena',
    };
    const withoutPin = await call(app(), 'PUT', `${banksUrl}/${account.id}`, { token: member.token, body });
    expect(withoutPin.statusCode).toBe(422);
    expect(withoutPin.json().errors).toEqual({ otp: [BANK_ACCOUNT_MESSAGES.otpRequired] });
    const sent = await call(app(), 'POST', `${banksUrl}/${account.id}/otp`, { token: member.token });
    expect(sent.statusCode).toBe(200);
    const otp = await latestOtp(app(), member.phoneNumber);
    const wrong = await call(app(), 'PUT', `${banksUrl}/${account.id}`, {
      token: member.token,
      body: { ...body, otp: otp === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    const edit = await call(app(), 'GET', `${banksUrl}/${account.id}`, { token: member.token });
    expect(edit.json().accountNumber).toBe('1234567890');
    const changed = await call(app(), 'PUT', `${banksUrl}/${account.id}`, {
      token: member.token,
      body: { ...body, otp },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().accountNumberMasked).toBe('******3210');
    await app().messenger.flush();
    const notices = await app()
      .db.select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'bank_account.changed'));
    expect(notices.map((message) => message.destination).sort()).toEqual([member.email, member.phoneNumber].sort());
    const removal = await call(app(), 'DELETE', `${banksUrl}/${account.id}`, { token: member.token });
    expect(removal.statusCode).toBe(409);
  });
});
