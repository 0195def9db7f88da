import { randomInt } from 'node:crypto';
import { type GlobalSearchResponse, maskSaIdNumber } from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, benefits, fileUploads, invoices, persons } from '../src/db/schema/index.js';
import { call } from './support/accounts.js';
import { type ClaimingMember, submittedClaim } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 38 item 2: the back office's global search, `GET /api/v1/search?q=`: persons by ID number,
 * member number and surname, claims by number, invoices by number, uploads by file name; grouped
 * by kind, each kind only as the caller's permissions allow, ID numbers masked, a search by ID
 * number audited.
 */
let testApp: TestApp;
let admin: Staff;
let claim: ClaimingMember & { claimId: number };
let personId: number;
let memberNumber: string;
const surname = `Searchkwe${randomInt(1e5, 9e5)}`;
const invoiceSerial = randomInt(100_000, 900_000);
const fileName = `members-search-${randomInt(1e5, 9e5)}.csv`;
let invoiceId: number;
let uploadId: number;
const app = () => testApp.app;

const search = (q: string, token?: string) =>
  call(app(), 'GET', `/api/v1/search?q=${encodeURIComponent(q)}`, token ? { token } : {});

async function found(q: string, token = admin.token): Promise<GlobalSearchResponse> {
  const response = await search(q, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createStaff(app(), 'super-admin');
  claim = await submittedClaim(app());
  const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, claim.benefitId));
  personId = benefit?.personId as number;
  memberNumber = benefit?.memberNumber as string;
  await app().db.update(persons).set({ lastName: surname }).where(eq(persons.id, personId));
  const [invoice] = await app()
    .db.insert(invoices)
    .values({
      kind: 'invoice',
      status: 'issued',
      number: `INV-${invoiceSerial}`,
      fundId: claim.fundId,
      periodFrom: '2026-11-01',
      periodTo: '2026-11-30',
      issueDate: '2026-11-30',
      recipient: { name: 'Claims Test Fund', address: ['1 Fund Road'], vatNumber: null },
    })
    .returning({ id: invoices.id });
  invoiceId = invoice?.id as number;
  const [upload] = await app()
    .db.insert(fileUploads)
    .values({ fundId: claim.fundId, kind: 'member_file', status: 'accepted', fileName })
    .returning({ id: fileUploads.id });
  uploadId = upload?.id as number;
});
afterAll(async () => testApp.close());

describe('GET /api/v1/search', () => {
  it('finds a person by ID number, masked, and audits the search', async () => {
    const body = await found(claim.idNumber);
    expect(body.persons).toEqual({
      items: [
        {
          id: personId,
          benefitId: claim.benefitId,
          idNumberMasked: maskSaIdNumber(claim.idNumber),
          label: `Thandi ${surname}`,
          description: `ID ${maskSaIdNumber(claim.idNumber)} · Member ${memberNumber} · Claims Test Fund`,
        },
      ],
      more: false,
    });
    // Never the full ID number, anywhere in the answer.
    expect(JSON.stringify(body)).not.toContain(claim.idNumber);
    expect(body.claims).toEqual({ items: [], more: false });
    expect(body.uploads).toEqual({ items: [], more: false });

    const audits = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'persons.searched'), eq(auditEvents.entityId, String(personId))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorType: 'staff',
      actorId: admin.userId,
      entityType: 'persons',
      after: { idNumber: maskSaIdNumber(claim.idNumber), found: 1 },
    });
    expect(JSON.stringify(audits[0])).not.toContain(claim.idNumber);
  });

  it('audits an ID-number search that finds nobody too', async () => {
    const unknown = '8001015009087';
    const body = await found(unknown);
    expect(body.persons).toEqual({ items: [], more: false });
    const audits = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'persons.searched'), eq(auditEvents.actorId, admin.userId)));
    expect(audits.map((audit) => audit.after)).toContainEqual({ idNumber: maskSaIdNumber(unknown), found: 0 });
  });

  it('finds a person by member number and by the start of their surname, any case', async () => {
    const byMember = await found(memberNumber);
    expect(byMember.persons?.items.map((hit) => hit.benefitId)).toEqual([claim.benefitId]);
    const bySurname = await found(surname.slice(0, 8).toUpperCase());
    expect(bySurname.persons?.items.map((hit) => hit.id)).toContain(personId);
    expect(bySurname.persons?.items[0]?.idNumberMasked).toMatch(/^\*{9}\d{4}$/);
  });

  it('finds a claim by its number, as the claim page shows it', async () => {
    for (const q of [String(claim.claimId), `#${claim.claimId}`, `Claim ${claim.claimId}`]) {
      const body = await found(q);
      expect(body.claims, q).toEqual({
        items: [
          {
            id: claim.claimId,
            label: `Claim ${claim.claimId}`,
            description: `Thandi ${surname} · Claims Test Fund · Submitted`,
          },
        ],
        more: false,
      });
    }
  });

  it('finds an invoice by its number and an upload by part of its file name', async () => {
    for (const q of [`INV-${invoiceSerial}`, `inv-${invoiceSerial}`, `INV-${String(invoiceSerial).slice(0, 3)}`]) {
      const body = await found(q);
      expect(body.invoices?.items, q).toContainEqual({
        id: invoiceId,
        label: `INV-${invoiceSerial}`,
        description: 'Invoice · Claims Test Fund',
      });
    }
    const body = await found(fileName.slice(8, 20).toUpperCase());
    expect(body.uploads).toEqual({
      items: [{ id: uploadId, label: fileName, description: 'Member file · Claims Test Fund' }],
      more: false,
    });
  });

  it('answers at most 5 of a kind and says when there are more', async () => {
    const many = `Manykwe${randomInt(1e5, 9e5)}`;
    for (let index = 0; index < 6; index += 1) {
      await app()
        .db.insert(fileUploads)
        .values({ fundId: claim.fundId, kind: 'member_file', status: 'accepted', fileName: `${many}-${index}.csv` });
    }
    const body = await found(many);
    expect(body.uploads?.items).toHaveLength(5);
    expect(body.uploads?.more).toBe(true);
  });

  it('leaves out the kinds the caller may not see: no persons without persons.read', async () => {
    const clerk = await createStaff(app(), ['benefits.read', 'claims.read', 'file-uploads.read']);
    const body = await found(claim.idNumber, clerk.token);
    expect(body.persons).toBeNull();
    expect(body.invoices).toBeNull();
    expect(body.uploads).toEqual({ items: [], more: false });
    const byNumber = await found(String(claim.claimId), clerk.token);
    expect(byNumber.claims?.items.map((hit) => hit.id)).toEqual([claim.claimId]);
    // No person was searched for them, so no look-up is audited.
    const audits = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'persons.searched'), eq(auditEvents.actorId, clerk.userId)));
    expect(audits).toEqual([]);
    const none = await createStaff(app(), ['tasks.read']);
    expect(await found(surname, none.token)).toEqual({
      q: surname,
      persons: null,
      claims: null,
      invoices: null,
      uploads: null,
    });
  });

  it('answers 401 without a token or with a member token', async () => {
    expect((await search(surname)).statusCode).toBe(401);
    expect((await search(surname, claim.token)).statusCode).toBe(401);
  });

  it('answers 422 for an empty, blank or too long term, and for a NUL character', async () => {
    for (const q of ['', '   ', 'a'.repeat(101), 'Mo\u0000ko']) {
      const response = await search(q, admin.token);
      expect(response.statusCode, JSON.stringify(q)).toBe(422);
    }
    const missing = await call(app(), 'GET', '/api/v1/search', { token: admin.token });
    expect(missing.statusCode).toBe(422);
    expect((await search('a'.repeat(100), admin.token)).statusCode).toBe(200);
    // LIKE's wildcards match only themselves.
    expect((await found('%')).uploads).toEqual({ items: [], more: false });
  });
});
