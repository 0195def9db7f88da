import { INVOICE_MESSAGES, payoutDate } from '@bcp/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, benefits, invoiceCounters, invoices } from '../src/db/schema/index.js';
import { call } from './support/accounts.js';
import { type ClaimingMember, readyForApproval, submittedClaim } from './support/claims.js';
import { pdfText } from './support/pdf-text.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 18 invoices: a draft from the tracing fees of a fund's claims paid in a period, draft-only
 * changes, issuing with gap-free numbers (also under 20 concurrent issues), immutability, credit
 * notes, the list, export and the PDF tax invoice (VAT Act s20(4)), checked by its text.
 */
let testApp: TestApp;
let approver: Staff;
let reviewer: Staff;
let writer: Staff;
let issuer: Staff;
let reader: Staff;
let fundId: number;
let paid: (ClaimingMember & { claimId: number })[] = [];
const app = () => testApp.app;
const today = payoutDate(new Date());
const RECIPIENT = {
  name: 'Claims Test Fund',
  address: ['2 Fund Road', 'Sandton', '2196'],
  vatNumber: '4123456789',
};
const FEES = [{ name: 'Tracing fee', kind: 'percentage' as const, basisPoints: 1000 }];

/** A claim of R 5 000,00 with a 10% tracing fee plus VAT, approved and paid today. */
async function paidClaim(): Promise<ClaimingMember & { claimId: number }> {
  const claim = await submittedClaim(app(), { amountCents: 500_000, fees: FEES });
  await readyForApproval(app(), claim, reviewer.token);
  for (const body of [{ decision: 'approved' }, { decision: 'paid', paymentReference: `PAY-${claim.claimId}` }]) {
    const response = await call(app(), 'POST', `/api/v1/benefits/claim/${claim.claimId}/decision`, {
      token: approver.token,
      body,
    });
    if (response.statusCode !== 200) throw new Error(`decision failed: ${response.body}`);
  }
  return claim;
}

const post = (url: string, body: object, token = writer.token) => call(app(), 'POST', url, { token, body });
const draftFor = (body: Partial<{ fundId: number; periodFrom: string; periodTo: string }> = {}) =>
  post('/api/v1/invoices', { fundId, periodFrom: today, periodTo: today, recipient: RECIPIENT, ...body });

async function downloadPdf(id: number): Promise<string> {
  const response = await app().inject({
    method: 'GET',
    url: `/api/v1/invoices/${id}/pdf`,
    headers: { authorization: `Bearer ${reader.token}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return pdfText(response.rawPayload);
}

beforeAll(async () => {
  testApp = await createTestApp();
  approver = await createStaff(app(), ['claims.approve']);
  reviewer = await createStaff(app(), ['claims.read', 'claims.review']);
  writer = await createStaff(app(), ['invoices.write', 'invoices.read']);
  issuer = await createStaff(app(), ['invoices.issue', 'invoices.read']);
  reader = await createStaff(app(), ['invoices.read']);
  paid = [await paidClaim(), await paidClaim()];
  fundId = paid[0]?.fundId as number;
  // Both paid claims at one fund; a third claim of the fund is submitted but not paid.
  await app()
    .db.update(benefits)
    .set({ fundId })
    .where(eq(benefits.id, paid[1]?.benefitId as number));
  const unpaid = await submittedClaim(app(), { amountCents: 500_000, fees: FEES });
  await app().db.update(benefits).set({ fundId }).where(eq(benefits.id, unpaid.benefitId));
});
afterAll(async () => testApp.close());

describe('issue 18 POST invoices: a draft from the fees of claims paid in the period', () => {
  let draftId: number;

  it('builds one line per paid claim with its fee and VAT, and totals; audited', async () => {
    const response = await draftFor();
    expect(response.statusCode).toBe(201);
    const draft = response.json();
    draftId = draft.id;
    expect(draft).toMatchObject({
      kind: 'invoice',
      status: 'draft',
      number: null,
      issueDate: null,
      supplier: null,
      recipient: RECIPIENT,
      subtotalCents: 100_000,
      vatCents: 15_000,
      totalCents: 115_000,
    });
    expect(draft.lines.map((line: { claimId: number }) => line.claimId).sort()).toEqual(
      paid.map((claim) => claim.claimId).sort(),
    );
    expect(draft.lines[0]).toMatchObject({ quantity: 1, amountCents: 50_000, vatCents: 7_500 });
    expect(draft.lines[0].description).toContain(`paid ${today}`);
    const [audit] = await app().db.select().from(auditEvents).where(eq(auditEvents.action, 'invoices.created'));
    expect(audit?.entityId).toBe(String(draftId));
  });

  it('does not bill a claim twice: another draft for the period has nothing to invoice (422)', async () => {
    const again = await draftFor();
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.periodTo).toEqual([INVOICE_MESSAGES.nothingToInvoice]);
  });

  it('refuses bad input per field (422) and changes nothing', async () => {
    const before = await app().db.$count(invoices);
    const order = await draftFor({ periodFrom: today, periodTo: '2020-01-01' });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.periodTo).toEqual([INVOICE_MESSAGES.periodOrder]);
    const vat = await post('/api/v1/invoices', {
      fundId,
      periodFrom: today,
      periodTo: today,
      recipient: { ...RECIPIENT, vatNumber: '123' },
    });
    expect(vat.json().errors['recipient.vatNumber']).toEqual([INVOICE_MESSAGES.vatNumber]);
    const fund = await draftFor({ fundId: 999_999 });
    expect(fund.json().errors.fundId).toEqual([INVOICE_MESSAGES.fundNotFound]);
    expect(await app().db.$count(invoices)).toBe(before);
  });

  it('PATCH changes a draft (recipient, notes); a period without paid claims is 422 and changes nothing', async () => {
    const url = `/api/v1/invoices/${draftId}`;
    const changed = await call(app(), 'PATCH', url, {
      token: writer.token,
      body: { notes: 'Fees for November', recipient: { ...RECIPIENT, vatNumber: null } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ notes: 'Fees for November', recipient: { vatNumber: null } });
    const empty = await call(app(), 'PATCH', url, {
      token: writer.token,
      body: { periodFrom: '2020-01-01', periodTo: '2020-01-31' },
    });
    expect(empty.statusCode).toBe(422);
    const after = (await call(app(), 'GET', url, { token: reader.token })).json();
    expect(after).toMatchObject({ periodFrom: today, totalCents: 115_000 });
    expect(after.lines).toHaveLength(2);
    await call(app(), 'PATCH', url, { token: writer.token, body: { recipient: RECIPIENT } });
  });

  it('DELETE removes a draft, and its claims can be invoiced again', async () => {
    const deleted = await call(app(), 'DELETE', `/api/v1/invoices/${draftId}`, { token: writer.token });
    expect(deleted.statusCode).toBe(200);
    expect((await call(app(), 'GET', `/api/v1/invoices/${draftId}`, { token: reader.token })).statusCode).toBe(404);
    expect((await draftFor()).statusCode).toBe(201);
  });
});

describe('issue 18 issuing, immutability, the PDF tax invoice and credit notes', () => {
  let invoiceId: number;
  let invoiceNumberIssued: string;

  it('issues a draft: the next number of the series, the date, the supplier from configuration', async () => {
    const list = (await call(app(), 'GET', '/api/v1/invoices?filter[status]=draft', { token: reader.token })).json();
    invoiceId = list.items[0].id;
    const refused = await post(`/api/v1/invoices/${invoiceId}/issue`, {}, writer.token);
    expect(refused.statusCode).toBe(403);
    const response = await post(`/api/v1/invoices/${invoiceId}/issue`, {}, issuer.token);
    expect(response.statusCode).toBe(200);
    const issued = response.json();
    expect(issued).toMatchObject({
      status: 'issued',
      number: expect.stringMatching(/^INV-\d{6}$/),
      issueDate: today,
      supplier: { name: 'Benefit Finder (Pty) Ltd', vatNumber: '4000000000' },
    });
    invoiceNumberIssued = issued.number;
    const again = await post(`/api/v1/invoices/${invoiceId}/issue`, {}, issuer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVOICE_MESSAGES.alreadyIssued);
  });

  it('is immutable once issued: PATCH and DELETE are 409, and the database refuses any change', async () => {
    const url = `/api/v1/invoices/${invoiceId}`;
    const patch = await call(app(), 'PATCH', url, { token: writer.token, body: { notes: 'changed' } });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().message).toBe(INVOICE_MESSAGES.draftOnly);
    expect((await call(app(), 'DELETE', url, { token: writer.token })).statusCode).toBe(409);
    await expect(app().db.execute(sql`update invoices set notes = 'x' where id = ${invoiceId}`)).rejects.toThrow();
    await expect(app().db.execute(sql`delete from invoice_lines where invoice_id = ${invoiceId}`)).rejects.toThrow();
    const [row] = await app().db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row?.notes).toBeNull();
  });

  it('prints every field of a South African tax invoice (VAT Act s20(4))', async () => {
    const text = await downloadPdf(invoiceId);
    for (const expected of [
      'Tax Invoice',
      'Benefit Finder (Pty) Ltd',
      '1 Example Street',
      'VAT number: 4000000000',
      'Claims Test Fund',
      '2 Fund Road',
      'VAT number: 4123456789',
      `Tax Invoice number: ${invoiceNumberIssued}`,
      `Date of issue: ${today}`,
      `Tracing fees: claim ${paid[0]?.claimId}`,
      'Quantity 1 | Value R 500,00 | VAT R 75,00',
      'Total excluding VAT: R 1 000,00',
      'VAT at 15%: R 150,00',
      'Total including VAT: R 1 150,00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('DRAFT');
  });

  it('a draft PDF says it is not a tax invoice', async () => {
    const extra = await paidClaim();
    const draft = (
      await post('/api/v1/invoices', {
        fundId: extra.fundId,
        periodFrom: today,
        periodTo: today,
        recipient: RECIPIENT,
      })
    ).json();
    expect(await downloadPdf(draft.id)).toContain('DRAFT: not a tax invoice');
  });

  it('credits an issued invoice with a credit note (its own series, the reason); the claims can be billed again', async () => {
    const forbidden = await post(
      `/api/v1/invoices/${invoiceId}/credit-note`,
      { reason: 'Fund disputes one fee' },
      writer.token,
    );
    expect(forbidden.statusCode).toBe(403);
    const response = await post(
      `/api/v1/invoices/${invoiceId}/credit-note`,
      { reason: 'Fund disputes one fee' },
      issuer.token,
    );
    expect(response.statusCode).toBe(201);
    const note = response.json();
    expect(note).toMatchObject({
      kind: 'credit_note',
      status: 'issued',
      number: expect.stringMatching(/^CN-\d{6}$/),
      creditedInvoiceId: invoiceId,
      creditReason: 'Fund disputes one fee',
      totalCents: 115_000,
    });
    const original = (await call(app(), 'GET', `/api/v1/invoices/${invoiceId}`, { token: reader.token })).json();
    expect(original).toMatchObject({ status: 'issued', number: invoiceNumberIssued, creditNoteId: note.id });
    const twice = await post(`/api/v1/invoices/${invoiceId}/credit-note`, { reason: 'Again please' }, issuer.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(INVOICE_MESSAGES.alreadyCredited);
    const ofCredit = await post(`/api/v1/invoices/${note.id}/credit-note`, { reason: 'Again please' }, issuer.token);
    expect(ofCredit.statusCode).toBe(409);
    const text = await downloadPdf(note.id);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Credits tax invoice: ${invoiceNumberIssued}`);
    expect(text).toContain('Reason: Fund disputes one fee');
    const rebill = await draftFor();
    expect(rebill.statusCode).toBe(201);
    expect(rebill.json().lines).toHaveLength(2);
  });
});

describe('issue 18 gap-free numbering under 20 concurrent issues', () => {
  it('gives 20 concurrent issues 20 consecutive numbers, each once, and the counter matches', async () => {
    const [counterBefore] = await app().db.select().from(invoiceCounters).where(eq(invoiceCounters.kind, 'invoice'));
    const drafts = await app()
      .db.insert(invoices)
      .values(
        Array.from({ length: 20 }, () => ({
          kind: 'invoice' as const,
          fundId,
          periodFrom: today,
          periodTo: today,
          recipient: RECIPIENT,
        })),
      )
      .returning({ id: invoices.id });
    const results = await Promise.all([
      ...drafts.map((draft) => post(`/api/v1/invoices/${draft.id}/issue`, {}, issuer.token)),
      // Issuing one of them twice at the same time: exactly one wins, the other takes no number.
      post(`/api/v1/invoices/${drafts[0]?.id}/issue`, {}, issuer.token),
    ]);
    const statuses = results.map((result) => result.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(1);
    const start = (counterBefore?.lastValue ?? 0) + 1;
    const numbers = results
      .filter((result) => result.statusCode === 200)
      .map((result) => Number(result.json().number.slice(4)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => start + index));
    const [counterAfter] = await app().db.select().from(invoiceCounters).where(eq(invoiceCounters.kind, 'invoice'));
    expect(counterAfter?.lastValue).toBe(start + 19);
  });
});

describe('issue 18 GET invoices, export and one invoice', () => {
  it('lists in the one envelope with filters, exports the rows (audited), answers 404 for an unknown id', async () => {
    const notes = await call(app(), 'GET', '/api/v1/invoices?filter[kind]=credit_note', { token: reader.token });
    expect(notes.json()).toMatchObject({ total: 1, page: 1, items: [{ kind: 'credit_note' }] });
    const byNumber = await call(app(), 'GET', '/api/v1/invoices?q=CN-', { token: reader.token });
    expect(byNumber.json().total).toBe(1);
    // The number search (issue 25: a series-prefixed term is a prefix on its index): any case,
    // digits anywhere, and LIKE's wildcards matched literally.
    const number: string = notes.json().items[0].number;
    const search = async (q: string) =>
      (await call(app(), 'GET', `/api/v1/invoices?q=${encodeURIComponent(q)}`, { token: reader.token })).json();
    expect(await search(number.toLowerCase())).toMatchObject({ total: 1, items: [{ number }] });
    expect(await search(`cn-${number.slice(3, -1)}`)).toMatchObject({ total: 1, items: [{ number }] });
    expect((await search(number.slice(4))).items.map((item: { number: string }) => item.number)).toContain(number);
    expect((await search(`x${number}`)).total).toBe(0);
    expect((await search('%')).total).toBe(0);
    expect((await search('N-_')).total).toBe(0);
    const byTotal = (await call(app(), 'GET', '/api/v1/invoices?sort=totalCents:desc', { token: reader.token })).json();
    const totals = byTotal.items.map((item: { totalCents: number }) => item.totalCents);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const exported = await call(app(), 'GET', '/api/v1/invoices/export?filter[status]=issued', { token: reader.token });
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.trim().split('\n');
    expect(lines[0]).toContain('id,kind,status,number');
    expect(lines).toHaveLength(1 + 22);
    const [audit] = await app().db.select().from(auditEvents).where(eq(auditEvents.action, 'invoices.exported'));
    expect(audit?.after).toMatchObject({ rowCount: 22, format: 'csv' });
    expect((await call(app(), 'GET', '/api/v1/invoices/999999', { token: reader.token })).statusCode).toBe(404);
    expect((await call(app(), 'GET', '/api/v1/invoices', { token: approver.token })).statusCode).toBe(403);
    expect((await call(app(), 'GET', '/api/v1/invoices')).statusCode).toBe(401);
  });
});
