import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { buildSaIdNumber } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { claimDocuments } from '../src/db/schema/index.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { call } from './support/accounts.js';
import { claimingMember, SAMPLE_FILES, submittedClaim, uploadDocument } from './support/claims.js';
import { csvFile, validatedUpload } from './support/file-uploads.js';
import { startS3Server, type TestS3Server } from './support/s3-server.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let s3: TestS3Server;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3Server();
  client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

/** The keys the bucket holds under `folder/`. */
async function keysIn(folder: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${folder}/` }));
  return (listed.Contents ?? []).map((object) => object.Key as string);
}

describe('FILE_STORE=s3: files go to the bucket and come back through the API (decision 031)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: s3.env });
  });
  afterAll(async () => t?.close());

  it("keeps a member's claim documents in the bucket and streams them to the reviewing staff", async () => {
    const claim = await submittedClaim(t.app);
    const rows = await t.app.db
      .select({ id: claimDocuments.id, storedName: claimDocuments.storedName, kind: claimDocuments.kind })
      .from(claimDocuments)
      .where(eq(claimDocuments.claimId, claim.claimId));
    expect(rows).toHaveLength(2);
    const keys = await keysIn('claim-documents');
    for (const row of rows) expect(keys).toContain(`claim-documents/${row.storedName}`);
    expect(await readdir(join(t.config.dataDir, 'claim-documents')).catch(() => [])).toEqual([]);

    const reviewer = await createStaff(t.app, ['claims.read']);
    const pdf = rows.find((row) => row.kind === 'ID_COPY');
    const url = `/api/v1/benefits/claim/${claim.claimId}/documents/${pdf?.id}`;
    const response = await call(t.app, 'GET', url, { token: reviewer.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(SAMPLE_FILES.pdf.length));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);

    const unauthorised = await createStaff(t.app, ['benefits.read']);
    expect((await call(t.app, 'GET', url, { token: unauthorised.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, {})).statusCode).toBe(401);
    expect((await call(t.app, 'GET', url, { token: claim.token })).statusCode).toBe(401);
  });

  it('refuses a document that is not a PDF, JPEG or PNG (415) and leaves nothing in the bucket', async () => {
    const member = await claimingMember(t.app);
    const draft = await call(t.app, 'POST', `/api/app/benefit-claims/${member.benefitId}`, {
      token: member.token,
      body: {},
    });
    expect(draft.statusCode).toBeLessThan(300);
    const before = await keysIn('claim-documents');
    const refused = await uploadDocument(t.app, member, 'ID_COPY', 'id.pdf', Buffer.from('not a pdf at all'));
    expect(refused.statusCode).toBe(415);
    expect(await keysIn('claim-documents')).toEqual(before);
    const accepted = await uploadDocument(t.app, member, 'ID_COPY', 'id.pdf', SAMPLE_FILES.pdf);
    expect(accepted.statusCode).toBe(201);
    expect(await keysIn('claim-documents')).toHaveLength(before.length + 1);
  });

  it('validates a member data upload read back from the bucket, streamed, and serves its original and refused rows', async () => {
    const uploader = await createStaff(t.app, ['file-uploads.read', 'file-uploads.write']);
    const fund = await createFund(t.app.db, { name: 'S3 Fund', registrationNumber: '12/8/31031' });
    const header = ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount'];
    const good = buildSaIdNumber('1980-01-01', 5009);
    const rows = [header];
    for (let i = 0; i < 2000; i += 1) rows.push([good, 'Thabo', 'Dlamini', `M-${i}`, 'withdrawal', '100.50']);
    rows.push(['not-an-id', 'Bad', 'Row', 'M-X', 'withdrawal', '1']);
    const content = csvFile(rows);
    const upload = await validatedUpload(t.app, uploader.token, {
      fundId: fund.id,
      type: 'member_file',
      header,
      fileName: 'members.csv',
      content,
    });
    expect(upload).toMatchObject({ status: 'validated', counts: { refused: 1 } });
    expect(upload.progress.totalRows).toBe(2001);
    expect(await keysIn('file-uploads')).toHaveLength(1);

    const original = await call(t.app, 'GET', `/api/v1/file-uploads/${upload.id}/download?file=original`, {
      token: uploader.token,
    });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toBe('attachment; filename=members.csv');
    expect(original.rawPayload.equals(content)).toBe(true);
    const errors = await call(t.app, 'GET', `/api/v1/file-uploads/${upload.id}/download?file=errors`, {
      token: uploader.token,
    });
    expect(errors.statusCode).toBe(200);
    expect(errors.body).toContain('not-an-id,Bad,Row,M-X,withdrawal,1,2002,');
  });
});

describe('S3_DOWNLOAD_REDIRECT: a 302 to a signed link, only after the permission check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...s3.env, S3_DOWNLOAD_REDIRECT: 'true', S3_SIGNED_URL_SECONDS: '120' } });
  });
  afterAll(async () => t?.close());

  it('redirects the reviewer to a link of the bucket valid 120 s that gives the document; others get no link', async () => {
    const claim = await submittedClaim(t.app);
    const [png] = await t.app.db
      .select({ id: claimDocuments.id })
      .from(claimDocuments)
      .where(eq(claimDocuments.claimId, claim.claimId))
      .then((rows) => rows.slice(1));
    const url = `/api/v1/benefits/claim/${claim.claimId}/documents/${png?.id}`;
    const unauthorised = await createStaff(t.app, ['benefits.read']);
    const refused = await call(t.app, 'GET', url, { token: unauthorised.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.location).toBeUndefined();

    const reviewer = await createStaff(t.app, ['claims.read']);
    const response = await call(t.app, 'GET', url, { token: reviewer.token });
    expect(response.statusCode).toBe(302);
    const location = response.headers.location as string;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/claim-documents/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('120');
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(SAMPLE_FILES.png)).toBe(true);
    // The back office fetches with its token and follows the 302: the bucket is in connect-src.
    expect(response.headers['content-security-policy']).toContain(`connect-src 'self' ${s3.endpoint}`);
  });
});

describe('FILE_STORE configuration', () => {
  const base = { NODE_ENV: 'test' };
  it('is the local folder by default, and S3 with its bucket and endpoint when asked', () => {
    expect(loadConfig(base).files).toEqual({ kind: 'local' });
    expect(loadConfig({ ...base, ...s3.env }).files).toEqual({
      kind: 's3',
      s3: s3.store,
      downloadRedirect: false,
      signedUrlSeconds: 300,
    });
  });

  it('refuses to start with a clear message for each bad setting', () => {
    expect(() => loadConfig({ ...base, FILE_STORE: 's3' })).toThrow('S3_BUCKET: is required when FILE_STORE is s3');
    expect(() => loadConfig({ ...base, FILE_STORE: 'disk' })).toThrow('FILE_STORE');
    expect(() => loadConfig({ ...base, FILE_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow('S3_BUCKET: must be');
    expect(() => loadConfig({ ...base, FILE_STORE: 's3', S3_BUCKET: 'b1b', S3_ENDPOINT: 'nope' })).toThrow(
      'S3_ENDPOINT: must be a URL',
    );
    expect(() => loadConfig({ ...base, FILE_STORE: 's3', S3_BUCKET: 'b1b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    );
    expect(() => loadConfig({ ...base, S3_DOWNLOAD_REDIRECT: 'true' })).toThrow(
      'S3_DOWNLOAD_REDIRECT: needs FILE_STORE=s3',
    );
    expect(() => loadConfig({ ...base, ...s3.env, S3_SIGNED_URL_SECONDS: '0' })).toThrow('S3_SIGNED_URL_SECONDS');
  });
});
