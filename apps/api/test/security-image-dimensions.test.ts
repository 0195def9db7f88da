import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { CLAIM_MESSAGES } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitClaims, claimDocuments } from '../src/db/schema/index.js';
import { CLAIM_DOCUMENTS_FOLDER } from '../src/modules/benefit-claims/claim-documents.service.js';
import { call } from './support/accounts.js';
import { type ClaimingMember, claimingMember, SAMPLE_FILES, uploadDocument } from './support/claims.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('issue 13 item 12: image dimensions', () => {
  /** The sample PNG with its IHDR rewritten to declare `width` x `height` (CRC kept valid). */
  function pngDeclaring(width: number, height: number): Buffer {
    const png = Buffer.from(SAMPLE_FILES.png);
    png.writeUInt32BE(width, 16);
    png.writeUInt32BE(height, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    return png;
  }

  /** The sample JPEG with its frame header rewritten to declare `width` x `height`. */
  function jpegDeclaring(width: number, height: number): Buffer {
    const jpeg = Buffer.from(SAMPLE_FILES.jpeg);
    jpeg.writeUInt16BE(height, 25);
    jpeg.writeUInt16BE(width, 27);
    return jpeg;
  }

  /** The member's claim document rows (removed ones too) and the files in the documents folder. */
  async function kept(member: ClaimingMember) {
    const rows = await t.app.db
      .select({ id: claimDocuments.id })
      .from(claimDocuments)
      .innerJoin(benefitClaims, eq(benefitClaims.id, claimDocuments.claimId))
      .where(eq(benefitClaims.benefitId, member.benefitId));
    const files = await readdir(join(t.config.dataDir, CLAIM_DOCUMENTS_FOLDER)).catch(() => []);
    return { rows: rows.length, files: files.length };
  }

  async function draftClaimFor(): Promise<ClaimingMember> {
    const member = await claimingMember(t.app);
    const draft = await call(t.app, 'POST', `/api/app/benefit-claims/${member.benefitId}`, {
      token: member.token,
      body: {},
    });
    expect(draft.statusCode).toBeLessThan(300);
    return member;
  }

  it('refuses a PNG declaring 100000 x 100000 and a JPEG declaring 65535 x 65535 with 415, storing nothing; small ones still go in', async () => {
    const member = await draftClaimFor();
    const before = await kept(member);
    for (const [name, content] of [
      ['huge.png', pngDeclaring(100_000, 100_000)],
      ['tall.png', pngDeclaring(1, 12_001)],
      ['huge.jpg', jpegDeclaring(65_535, 65_535)],
    ] as const) {
      const refused = await uploadDocument(t.app, member, 'ID_COPY', name, content);
      expect(refused.statusCode, name).toBe(415);
      expect(refused.json()).toEqual({
        message: CLAIM_MESSAGES.documentDimensions,
        code: 'document_dimensions_too_large',
      });
    }
    expect(await kept(member)).toEqual(before);

    const png = await uploadDocument(t.app, member, 'ID_COPY', 'id.png', SAMPLE_FILES.png);
    expect(png.statusCode).toBe(201);
    const jpeg = await uploadDocument(t.app, member, 'PROOF_OF_BANK_ACCOUNT', 'bank.jpg', jpegDeclaring(800, 600));
    expect(jpeg.statusCode).toBe(201);
    const types = jpeg.json().documents.map((document: { contentType: string }) => document.contentType);
    expect(types.sort()).toEqual(['image/jpeg', 'image/png']);
    expect(await kept(member)).toEqual({ rows: before.rows + 2, files: before.files + 2 });
  });

  it('refuses with 415 an image whose dimensions cannot be read (a PNG cut inside its header, or declaring 0 x 0), storing nothing', async () => {
    const member = await draftClaimFor();
    const before = await kept(member);
    for (const [name, content] of [
      // The PNG signature, and the IHDR chunk's length and type with 2 of its 13 bytes.
      ['cut.png', SAMPLE_FILES.png.subarray(0, 18)],
      ['empty.png', pngDeclaring(0, 0)],
    ] as const) {
      const refused = await uploadDocument(t.app, member, 'ID_COPY', name, content, 'image/png');
      expect(refused.statusCode, name).toBe(415);
      expect(refused.json()).toEqual({
        message: CLAIM_MESSAGES.documentDimensions,
        code: 'document_dimensions_too_large',
      });
    }
    expect(await kept(member)).toEqual(before);
  });

  it('accepts images up to 12,000 pixels a side, and PDFs as before', async () => {
    const member = await draftClaimFor();
    const edge = await uploadDocument(t.app, member, 'ID_COPY', 'id.png', pngDeclaring(12_000, 12_000), 'image/png');
    expect(edge.statusCode).toBe(201);
    const pdf = await uploadDocument(t.app, member, 'PROOF_OF_BANK_ACCOUNT', 'bank.pdf', SAMPLE_FILES.pdf);
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().documents).toHaveLength(2);
  });
});
