import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema/index.js';
import { createApiKey } from '../src/modules/partners/partner-api-keys.service.js';
import { createPartner } from '../src/modules/partners/partners.service.js';
import { call } from './support/accounts.js';
import { SAMPLE_FILES, submittedClaim, uploadDocument } from './support/claims.js';
import { administratorOf, partnerCall } from './support/partners.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * Issue 39 item 4: a fund administrator downloads a claim's documents through the partner API
 * (`POST /api/v2/benefitclaim/getdocument`), only for the funds its key serves, audited, with the
 * same headers as staff's download. Real HTTP, real database, real file store.
 */

const SYSTEM = { actor: { type: 'system', label: 'test' } } as const;

let testApp: TestApp;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

/** A partner claim call (`/api/v2/benefitclaim/<path>`) with `token` (none: anonymous). */
const claimCall = (token: string | undefined, path: string, body: object) =>
  partnerCall(app(), token, 'POST', `/benefitclaim/${path}`, body);

/** The claim's documents as the partner's `getdetails` lists them: kind and id. */
async function listedDocuments(key: string, claimId: number): Promise<Map<string, number>> {
  const details = await claimCall(key, 'getdetails', { claimId });
  expect(details.statusCode, details.body).toBe(200);
  return new Map((details.json().documents as { id: number; kind: string }[]).map((doc) => [doc.kind, doc.id]));
}

describe('issue 39 item 4: documents for fund administrators', () => {
  it('downloads the bytes the member uploaded, with the stored type and the download headers; audited', async () => {
    const claim = await submittedClaim(app());
    const partner = await administratorOf(app(), claim.fundId);
    const documents = await listedDocuments(partner.key, claim.claimId);
    const files = [
      ['ID_COPY', SAMPLE_FILES.pdf, 'application/pdf'],
      ['PROOF_OF_BANK_ACCOUNT', SAMPLE_FILES.png, 'image/png'],
    ] as const;
    for (const [kind, bytes, contentType] of files) {
      const documentId = documents.get(kind) as number;
      const response = await claimCall(partner.key, 'getdocument', { claimId: claim.claimId, documentId });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.rawPayload.equals(bytes), kind).toBe(true);
      expect(response.headers['content-type']).toBe(contentType);
      expect(response.headers['content-length']).toBe(String(bytes.length));
      expect(response.headers['content-disposition']).toBe(`attachment; filename=document-${documentId}`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
      // The same headers as the staff download of the same document.
      const reader = await createStaff(app(), ['claims.read']);
      const staff = await call(app(), 'GET', `/api/v1/benefits/claim/${claim.claimId}/documents/${documentId}`, {
        token: reader.token,
      });
      expect(staff.statusCode).toBe(200);
      for (const header of ['content-type', 'content-length', 'content-disposition', 'cache-control']) {
        expect(response.headers[header], header).toBe(staff.headers[header]);
      }
    }
    const trail = await app()
      .db.select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'claims.document_viewed'),
          eq(auditEvents.entityId, String(claim.claimId)),
          eq(auditEvents.actorType, 'partner'),
        ),
      );
    expect(trail.map((row) => [row.actorId, row.after])).toEqual(
      expect.arrayContaining([
        [partner.partnerId, { documentId: documents.get('ID_COPY'), kind: 'ID_COPY' }],
        [partner.partnerId, { documentId: documents.get('PROOF_OF_BANK_ACCOUNT'), kind: 'PROOF_OF_BANK_ACCOUNT' }],
      ]),
    );
    expect(trail).toHaveLength(2);
  });

  it("is 404 for a fund the key does not serve, another claim's document, a replaced or unknown document; nothing audited", async () => {
    const mine = await submittedClaim(app());
    const theirs = await submittedClaim(app());
    const partner = await administratorOf(app(), mine.fundId);
    const theirPartner = await administratorOf(app(), theirs.fundId);
    const myDocument = (await listedDocuments(partner.key, mine.claimId)).get('ID_COPY') as number;
    const theirDocument = (await listedDocuments(theirPartner.key, theirs.claimId)).get('ID_COPY') as number;
    // A tracing partner serves no fund: it reads no claim at all.
    const tracing = await createPartner(app().db, { name: 'Tracing', kind: 'tracing-partner' }, SYSTEM);
    const tracingKey = (await createApiKey(app().db, tracing.id, { name: 'Production' }, SYSTEM)).key;
    const refused: [string, object][] = [
      [partner.key, { claimId: theirs.claimId, documentId: theirDocument }],
      [partner.key, { claimId: mine.claimId, documentId: theirDocument }],
      [partner.key, { claimId: theirs.claimId, documentId: myDocument }],
      [partner.key, { claimId: mine.claimId, documentId: 999_999_999 }],
      [partner.key, { claimId: 999_999_999, documentId: myDocument }],
      [tracingKey, { claimId: mine.claimId, documentId: myDocument }],
    ];
    for (const [key, body] of refused) {
      const response = await claimCall(key, 'getdocument', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json().message).toMatch(/not found/i);
    }
    // The same answer for "not yours" and "does not exist".
    const notMine = await claimCall(partner.key, 'getdocument', {
      claimId: theirs.claimId,
      documentId: theirDocument,
    });
    const missing = await claimCall(partner.key, 'getdocument', { claimId: 999_999_999, documentId: myDocument });
    expect(notMine.json()).toEqual(missing.json());
    const viewed = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'claims.document_viewed'), eq(auditEvents.actorType, 'partner')));
    expect(viewed.filter((row) => [mine.claimId, theirs.claimId].map(String).includes(String(row.entityId)))).toEqual(
      [],
    );
  });

  it('refuses a replaced document (404) and serves its replacement', async () => {
    const claim = await submittedClaim(app());
    const partner = await administratorOf(app(), claim.fundId);
    const before = (await listedDocuments(partner.key, claim.claimId)).get('PROOF_OF_BANK_ACCOUNT') as number;
    // The member answers a request for a new proof of account with a JPEG.
    const ask = await claimCall(partner.key, 'requestinformation', {
      claimId: claim.claimId,
      kind: 'document',
      documentKind: 'PROOF_OF_BANK_ACCOUNT',
      message: 'Please send a bank letter from this month.',
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const upload = await uploadDocument(app(), claim, 'PROOF_OF_BANK_ACCOUNT', 'letter.jpg', SAMPLE_FILES.jpeg);
    expect(upload.statusCode, upload.body).toBe(201);
    const after = (await listedDocuments(partner.key, claim.claimId)).get('PROOF_OF_BANK_ACCOUNT') as number;
    expect(after).not.toBe(before);
    const old = await claimCall(partner.key, 'getdocument', { claimId: claim.claimId, documentId: before });
    expect(old.statusCode).toBe(404);
    const current = await claimCall(partner.key, 'getdocument', { claimId: claim.claimId, documentId: after });
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-type']).toBe('image/jpeg');
    expect(current.rawPayload.equals(SAMPLE_FILES.jpeg)).toBe(true);
  });

  it('401 without a key, with a wrong key, or a staff token (wrong area); 422 for bad input', async () => {
    const claim = await submittedClaim(app());
    const partner = await administratorOf(app(), claim.fundId);
    const documentId = (await listedDocuments(partner.key, claim.claimId)).get('ID_COPY') as number;
    const body = { claimId: claim.claimId, documentId };
    const staff = await createStaff(app(), 'super-admin');
    for (const token of [undefined, 'bcp_pk_wrong', staff.token, claim.token]) {
      const response = await claimCall(token, 'getdocument', body);
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.headers['content-type']).toMatch(/json/);
    }
    const bad = await claimCall(partner.key, 'getdocument', { claimId: claim.claimId, documentId: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('documentId');
    const missing = await claimCall(partner.key, 'getdocument', { claimId: claim.claimId });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('documentId');
  });
});
