import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema/index.js';
import { call } from './support/accounts.js';
import { type ClaimingMember, claimingMember, SAMPLE_FILES, submittedClaim } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
let reviewer: Staff;
let submitted: ClaimingMember;
let drafting: ClaimingMember;
let submittedClaimId: number;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp();
  reviewer = await createStaff(app(), ['benefits.read', 'claims.read']);
  const claim = await submittedClaim(app(), { amountCents: 50_000, accountNumber: '1234567890' });
  submitted = claim;
  submittedClaimId = claim.claimId;
  drafting = await claimingMember(app(), { amountCents: 70_000 });
  await call(app(), 'POST', `/api/app/benefit-claims/${drafting.benefitId}`, { token: drafting.token, body: {} });
  for (let index = 0; index < 3; index += 1) await claimingMember(app());
});
afterAll(async () => testApp.close());

const get = (url: string) => call(app(), 'GET', url, { token: reviewer.token });

describe('issue 9 staff review: GET /api/v1/benefits', () => {
  it('pages newest first by cursor until the last page, never repeating a benefit', async () => {
    const seen: number[] = [];
    let url = '/api/v1/benefits?pageSize=2';
    for (let page = 0; page < 10; page += 1) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((item: { id: number }) => item.id));
      if (!body.nextCursor) break;
      url = `/api/v1/benefits?pageSize=2&cursor=${body.nextCursor}`;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('filters by status and fund, searches by ID number, member surname, and masks ID numbers', async () => {
    const byStatus = await get('/api/v1/benefits?filter[status]=claimed');
    expect(byStatus.json().items.map((item: { id: number }) => item.id)).toEqual([submitted.benefitId]);
    const byFund = await get(`/api/v1/benefits?filter[fundId]=${drafting.fundId}`);
    expect(byFund.json().items).toHaveLength(1);
    const byId = await get(`/api/v1/benefits?q=${submitted.idNumber}`);
    expect(byId.json().items).toEqual([
      expect.objectContaining({
        id: submitted.benefitId,
        person: expect.objectContaining({ idNumberMasked: `*********${submitted.idNumber.slice(-4)}` }),
      }),
    ]);
    expect(byId.body).not.toContain(submitted.idNumber);
    const bySurname = await get('/api/v1/benefits?q=MOKOENA&pageSize=100');
    expect(bySurname.json().items).toHaveLength(5);
  });

  it('refuses a cursor it did not give (422 on cursor) and an unknown filter (422)', async () => {
    const cursor = await get('/api/v1/benefits?cursor=not-a-cursor');
    expect(cursor.statusCode).toBe(422);
    expect(cursor.json().errors).toHaveProperty('cursor');
    const filter = await get('/api/v1/benefits?filter[colour]=red');
    expect(filter.statusCode).toBe(422);
  });

  it('counts benefits and claims by status', async () => {
    const benefits = await get('/api/v1/benefits/status');
    expect(benefits.json()).toEqual({ counts: { claimed: 1, unclaimed: 4 }, total: 5 });
    const claims = await get('/api/v1/benefits/claims/status');
    expect(claims.json()).toEqual({ counts: { draft: 1, submitted: 1 }, total: 2 });
  });
});

describe('issue 9 staff review: claims', () => {
  it('lists submitted claims, leaving drafts out unless asked for', async () => {
    const list = await get('/api/v1/benefits/claims');
    expect(list.json().items.map((item: { id: number }) => item.id)).toEqual([submittedClaimId]);
    expect(list.json().items[0]).toMatchObject({ status: 'submitted', amountCents: 50_000 });
    const drafts = await get('/api/v1/benefits/claims?filter[status]=draft');
    expect(drafts.json().items.map((item: { benefitId: number }) => item.benefitId)).toEqual([drafting.benefitId]);
  });

  it('filters claims by gross amount, both ends included, and refuses a negative amount (422)', async () => {
    const ids = async (query: string) =>
      (await get(`/api/v1/benefits/claims?${query}`)).json().items.map((item: { id: number }) => item.id);
    expect(await ids('filter[minAmountCents]=50000&filter[maxAmountCents]=50000')).toEqual([submittedClaimId]);
    expect(await ids('filter[minAmountCents]=50001')).toEqual([]);
    expect(await ids('filter[maxAmountCents]=49999')).toEqual([]);
    expect((await get('/api/v1/benefits/claims?filter[minAmountCents]=-1')).statusCode).toBe(422);
  });

  it("opens a claim with the member's details, masked account, documents and timeline, and audits the view", async () => {
    const response = await get(`/api/v1/benefits/claim/${submittedClaimId}`);
    expect(response.statusCode).toBe(200);
    const claim = response.json();
    expect(claim.claimant).toMatchObject({ idNumber: submitted.idNumber, phoneNumber: submitted.phoneNumber });
    expect(claim.bankAccount.accountNumberMasked).toBe('******7890');
    expect(response.body).not.toContain('1234567890');
    expect(claim.documents.map((document: { kind: string }) => document.kind)).toEqual([
      'ID_COPY',
      'PROOF_OF_BANK_ACCOUNT',
    ]);
    expect(claim.events.map((event: { toStatus: string }) => event.toStatus)).toEqual(['draft', 'submitted']);
    const same = await get(`/api/v1/benefits/${submitted.benefitId}/claim`);
    expect(same.json().id).toBe(submittedClaimId);
    const views = await app()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(submittedClaimId)));
    expect(views.filter((row) => row.action === 'claims.viewed' && row.actorId === reviewer.userId)).toHaveLength(2);
  });

  it('answers 404 for a claim or benefit that does not exist', async () => {
    expect((await get('/api/v1/benefits/claim/999999')).statusCode).toBe(404);
    expect((await get('/api/v1/benefits/999999')).statusCode).toBe(404);
    expect((await get('/api/v1/benefits/999999/claim')).statusCode).toBe(404);
  });

  it('shows one benefit with its claim and audits the view', async () => {
    const response = await get(`/api/v1/benefits/${submitted.benefitId}`);
    expect(response.json()).toMatchObject({
      id: submitted.benefitId,
      claim: { id: submittedClaimId, status: 'submitted' },
    });
    const views = await app().db.select().from(auditEvents).where(eq(auditEvents.action, 'benefits.viewed'));
    expect(views.some((row) => row.entityId === String(submitted.benefitId))).toBe(true);
  });

  it("serves a claim document's file to the reviewer, exactly as uploaded, and audits the read", async () => {
    const claim = (await get(`/api/v1/benefits/claim/${submittedClaimId}`)).json();
    const pdf = claim.documents.find((document: { kind: string }) => document.kind === 'ID_COPY');
    const response = await get(`/api/v1/benefits/claim/${submittedClaimId}/documents/${pdf.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    const reads = await app().db.select().from(auditEvents).where(eq(auditEvents.action, 'claims.document_viewed'));
    expect(reads.map((row) => row.entityId)).toEqual([String(submittedClaimId)]);
    const elsewhere = await get(`/api/v1/benefits/claim/${submittedClaimId + 1000}/documents/${pdf.id}`);
    expect(elsewhere.statusCode).toBe(404);
  });
});
