import { renderTemplate } from '@bcp/contract/templating';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs } from '../src/db/schema/index.js';
import { DEMO_FAQS, seedDemoFaqs } from '../src/modules/faqs/demo-faqs.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { sanitizeHtml } from '../src/platform/templating/sanitize-html.js';
import { call } from './support/accounts.js';
import { type ClaimingMember, claimingMember } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 7 "FAQs" and "Member calls" (spec 7 `faq*`, `faq-funds`, `faq-funds/params`). */
let testApp: TestApp;
let editor: Staff;
let reader: Staff;
let otherFund: number;
let member: ClaimingMember;
let stranger: ClaimingMember;
beforeAll(async () => {
  testApp = await createTestApp();
  editor = await createStaff(testApp.app, ['faqs.read', 'faqs.write', 'audits.read']);
  reader = await createStaff(testApp.app, ['faqs.read']);
  otherFund = (await createFund(testApp.app.db, { name: 'Other Fund', registrationNumber: '12/8/77777' })).id;
  member = await claimingMember(testApp.app, {
    amountCents: 51_230,
    fees: [{ name: 'Admin fee', kind: 'percentage', basisPoints: 1000, vatApplies: true }],
  });
  stranger = await claimingMember(testApp.app, { amountCents: 2_176_090 });
});
afterAll(async () => testApp.close());

const post = (body: unknown, token = editor.token) => call(testApp.app, 'POST', '/api/v1/faq', { token, body });
const memberFaqs = (query: string) => call(testApp.app, 'GET', `/api/app/faq-funds${query}`);
const params = (query: string, token?: string) =>
  call(testApp.app, 'GET', `/api/app/faq-funds/params${query}`, token ? { token } : {});

describe('FAQs in the back office', () => {
  it('creates, reads, edits, lists and deletes an FAQ with its funds, each change audited', async () => {
    const created = await post({
      question: 'Where is my money?',
      answer: '<p>At {{ fund.name }}.</p>',
      sortOrder: 5,
      published: true,
      fundIds: [otherFund],
    });
    expect(created.statusCode).toBe(201);
    const faq = created.json();
    expect(faq).toMatchObject({ question: 'Where is my money?', sortOrder: 5, published: true, fundIds: [otherFund] });

    const funds = await call(testApp.app, 'GET', `/api/v1/faq/${faq.id}/funds`, { token: reader.token });
    expect(funds.json().items).toEqual([{ id: otherFund, name: 'Other Fund', registrationNumber: '12/8/77777' }]);

    const patched = await call(testApp.app, 'PATCH', `/api/v1/faq/${faq.id}`, {
      token: editor.token,
      body: { published: false, fundIds: [] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ published: false, fundIds: [], answer: faq.answer });
    expect((await call(testApp.app, 'GET', `/api/v1/faq/${faq.id}`, { token: reader.token })).json()).toEqual(
      patched.json(),
    );

    const list = await call(testApp.app, 'GET', '/api/v1/faq?filter[published]=false&q=money', { token: reader.token });
    expect(list.json().items.map((item: { id: number }) => item.id)).toEqual([faq.id]);

    expect((await call(testApp.app, 'DELETE', `/api/v1/faq/${faq.id}`, { token: editor.token })).statusCode).toBe(200);
    expect((await call(testApp.app, 'GET', `/api/v1/faq/${faq.id}`, { token: reader.token })).statusCode).toBe(404);
    expect((await call(testApp.app, 'GET', `/api/v1/faq/${faq.id}/funds`, { token: reader.token })).statusCode).toBe(
      404,
    );

    const trail = await call(testApp.app, 'GET', `/api/v1/faq/${faq.id}/audits`, { token: editor.token });
    expect(trail.json().items.map((item: { action: string }) => item.action)).toEqual([
      'faqs.deleted',
      'faqs.updated',
      'faqs.created',
    ]);
    expect(trail.json().items[1]).toMatchObject({
      actor: { type: 'staff', id: editor.userId },
      before: { published: true, fundIds: [otherFund] },
      after: { published: false, fundIds: [] },
    });
  });

  it('422 per field: question and answer required, the answer must parse (line and column), funds must exist', async () => {
    const before = await testApp.app.db.$count(faqs);
    const empty = await post({ question: '', answer: '', sortOrder: -1, published: 'yes' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['answer', 'published', 'question', 'sortOrder']);

    const broken = await post({ question: 'Q', answer: 'Hello\n{{ person.firstName | nope }}', fundIds: [999999] });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({
      answer: ['Line 2, column 1: undefined filter: nope'],
      fundIds: ['No fund with this id.'],
    });
    expect(await testApp.app.db.$count(faqs)).toBe(before);

    const faq = (await post({ question: 'Q', answer: 'A' })).json();
    const badPatch = await call(testApp.app, 'PATCH', `/api/v1/faq/${faq.id}`, {
      token: editor.token,
      body: { answer: '{% for x in claim %}' },
    });
    expect(badPatch.json().errors.answer[0]).toMatch(/^Line 1, column 1: tag \{% for x in claim %\} not closed/);
  });

  it('reading FAQs needs faqs.read; changing them faqs.write', async () => {
    expect((await post({ question: 'Q', answer: 'A' }, reader.token)).statusCode).toBe(403);
    const noRights = await createStaff(testApp.app, ['templates.read']);
    expect((await call(testApp.app, 'GET', '/api/v1/faq', { token: noRights.token })).statusCode).toBe(403);
  });
});

describe('FAQs for members', () => {
  let general: number;
  let ofMemberFund: number;
  let ofOtherFund: number;
  beforeAll(async () => {
    general = (await post({ question: 'General', answer: 'For all', sortOrder: 20, published: true })).json().id;
    ofMemberFund = (
      await post({
        question: 'Your fund',
        answer: '{{ fund.name }}: {{ benefit.amount }}',
        sortOrder: 10,
        published: true,
        fundIds: [member.fundId],
      })
    ).json().id;
    ofOtherFund = (
      await post({ question: 'Other', answer: 'x', sortOrder: 1, published: true, fundIds: [otherFund] })
    ).json().id;
    await post({ question: 'Draft', answer: 'not yet', sortOrder: 0, published: false });
  });

  const ids = (response: { json(): { items: { id: number }[] } }) =>
    response.json().items.map((item: { id: number }) => item.id);

  it('without a fund (absent, empty or null): the published general FAQs only, with id, question and answer', async () => {
    for (const query of ['', '?fundId=', '?fundId=null']) {
      const response = await memberFaqs(query);
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toContain(general);
      expect(ids(response)).not.toContain(ofMemberFund);
      expect(ids(response)).not.toContain(ofOtherFund);
    }
    const entry = (await memberFaqs('')).json().items.find((item: { id: number }) => item.id === general);
    expect(entry).toEqual({ id: general, question: 'General', answer: 'For all' });
  });

  it("with a fund: that fund's FAQs and the general ones, in their order; never unpublished or other funds'", async () => {
    const response = await memberFaqs(`?fundId=${member.fundId}`);
    expect(ids(response)).toEqual([ofMemberFund, general]);
    expect((await memberFaqs('?fundId=abc')).statusCode).toBe(422);
  });

  it('params: the owner gets benefit, person (ID masked), fund and claim list', async () => {
    const response = await params(`?benefitId=${member.benefitId}`, member.token);
    expect(response.statusCode).toBe(200);
    const [data] = response.json().items;
    expect(data).toEqual({
      benefit: {
        id: member.benefitId,
        benefitType: 'withdrawal',
        status: 'unclaimed',
        amount: expect.stringMatching(/^R\s?512[,.]30$/),
        amountCents: 51_230,
        totalFees: expect.stringMatching(/^R\s?58[,.]91$/),
        netAmount: expect.stringMatching(/^R\s?453[,.]39$/),
        netAmountCents: 45_339,
      },
      person: { firstName: 'Thandi', lastName: 'Mokoena', idNumberMasked: `*********${member.idNumber.slice(-4)}` },
      fund: { id: member.fundId, name: 'Claims Test Fund', registrationNumber: expect.any(String) },
      claim: [],
    });
    expect(response.body).not.toContain(member.idNumber);
    expect(response.body).not.toContain(member.email);

    await call(testApp.app, 'POST', `/api/app/benefit-claims/${member.benefitId}`, { token: member.token, body: {} });
    const withClaim = (await params(`?benefitId=${member.benefitId}`, member.token)).json().items[0];
    expect(withClaim.claim).toEqual([{ id: expect.any(Number), status: 'draft', submittedAt: null }]);
  });

  it("another member's benefit, signed out, no benefit, no such benefit, or before the identity check: nothing personal", async () => {
    const unverified = await claimingMember(testApp.app, { identityVerified: false });
    const pinPending = await createSession(testApp.app.db, { area: 'beneficiary', subjectId: member.personUserId });
    const cases = [
      await params(`?benefitId=${member.benefitId}`, stranger.token),
      await params(`?benefitId=${member.benefitId}`),
      await params('?benefitId=null', member.token),
      await params('', member.token),
      await params('?benefitId=999999', member.token),
      await params(`?benefitId=${unverified.benefitId}`, unverified.token),
      await params(`?benefitId=${member.benefitId}`, pinPending.token),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ items: [], page: 1, pageSize: 1, total: 0, totalPages: 1 });
    }
    await markSessionVerified(testApp.app.db, pinPending.sessionId);
    expect((await params(`?benefitId=${member.benefitId}`, pinPending.token)).json().items).toHaveLength(1);
  });

  it("the answer fills with the member's own fund and amount", async () => {
    const entry = (await memberFaqs(`?fundId=${member.fundId}`)).json().items[0];
    const data = (await params(`?benefitId=${member.benefitId}`, member.token)).json().items[0];
    expect(await renderTemplate(entry.answer, data)).toMatch(/^Claims Test Fund: R\s?512[,.]30$/);
  });
});

describe('demo FAQs', () => {
  it('cover claiming, documents, fees, timing and scams, render with and without member data, and use it', async () => {
    const fund = await createFund(testApp.app.db, { name: 'Demo Seed Fund', registrationNumber: '12/8/55555' });
    await seedDemoFaqs(testApp.app.db, fund.id);
    const entries = (await memberFaqs(`?fundId=${fund.id}`)).json().items as { question: string; answer: string }[];
    for (const faq of DEMO_FAQS) expect(entries.map((entry) => entry.question)).toContain(faq.question);
    const data = (await params(`?benefitId=${member.benefitId}`, member.token)).json().items[0];
    const fees = entries.find((entry) => entry.question === 'What fees are deducted?');
    expect(sanitizeHtml(await renderTemplate(fees?.answer ?? '', data))).toMatch(
      /R(&nbsp;|\s)?512[,.]30.*R(&nbsp;|\s)?453[,.]39/s,
    );
    for (const entry of entries) {
      await expect(renderTemplate(entry.answer, {})).resolves.toEqual(expect.any(String));
      await expect(renderTemplate(entry.answer, data)).resolves.toEqual(expect.any(String));
    }
  });
});
