import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSaIdNumber } from '@bcp/contract';
import { parse } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFileAsSystem } from '../src/modules/file-uploads/system-import.service.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { call } from './support/accounts.js';
import { csvFile, validatedUpload } from './support/file-uploads.js';
import { startS3Server, type TestS3Server } from './support/s3-server.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 34 item 6: a download's `Content-Disposition` follows RFC 6266/5987 whatever the file's
 * name: an ASCII `filename` fallback and the exact name as `filename*=UTF-8''...`, so a name that
 * is not Latin-1, or holds quotes, CR or LF, downloads (200) under its own name, streamed by the
 * API or through a signed S3 link.
 */
const HEADER = ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount'];
let funds = 0;

/**
 * A new fund's member file named `fileName`, uploaded and validated through the API; its id.
 * `sentAs`: the name as the multipart header writes it (a quote escaped), when not `fileName`.
 */
async function uploadNamed(app: TestApp['app'], token: string, fileName: string, sentAs = fileName): Promise<number> {
  funds += 1;
  const fund = await createFund(app.db, { name: `Names Fund ${funds}`, registrationNumber: `12/8/346${funds}` });
  const row = [buildSaIdNumber('1981-02-03', 4600 + funds), 'Naledi', 'Names', `N-${funds}`, 'withdrawal', '10'];
  const upload = await validatedUpload(app, token, {
    fundId: fund.id,
    type: 'member_file',
    header: HEADER,
    fileName: sentAs,
    content: csvFile([HEADER, row]),
  });
  expect(upload.fileName).toBe(fileName);
  return upload.id;
}

/** The header is ASCII, and the name it gives (`filename*` preferred, as browsers do) is `fileName`. */
function expectNamed(header: string | null | undefined, fileName: string): void {
  expect(header).toMatch(/^attachment;[\x20-\x7e]*$/);
  const { type, parameters } = parse(header as string);
  expect(type).toBe('attachment');
  expect(parameters.filename).toBe(fileName);
}

describe('streamed by the API (local file store)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await createStaff(t.app, ['file-uploads.read', 'file-uploads.write'])).token;
  });
  afterAll(async () => t?.close());

  const original = (id: number) => call(t.app, 'GET', `/api/v1/file-uploads/${id}/download?file=original`, { token });

  it('downloads an upload named naïve-файл.csv (not Latin-1) under its own name', async () => {
    const id = await uploadNamed(t.app, token, 'naïve-файл.csv');
    const response = await original(id);
    expect(response.statusCode, response.body).toBe(200);
    expectNamed(response.headers['content-disposition'], 'naïve-файл.csv');
    expect(response.headers['content-disposition']).toContain('filename="na?ve-????.csv"');
  });

  it('keeps quotes, a tab, a semicolon and a percent escape in the name', async () => {
    const name = 'members "final"; v2\t100%20 done.csv';
    const id = await uploadNamed(t.app, token, name, name.replace(/"/g, '\\"'));
    const response = await original(id);
    expect(response.statusCode, response.body).toBe(200);
    expectNamed(response.headers['content-disposition'], name);
  });

  it('downloads a file loaded by the system whose name holds CR and LF (a multipart upload cannot carry them)', async () => {
    const fund = await createFund(t.app.db, { name: 'Names Fund CRLF', registrationNumber: '12/8/34699' });
    const name = 'line\r\nbreak "x".csv';
    const path = join(t.config.dataDir, name);
    writeFileSync(path, csvFile([HEADER, [buildSaIdNumber('1981-02-03', 4699), 'A', 'B', 'C-1', 'withdrawal', '1']]));
    const imported = await importFileAsSystem(
      { db: t.app.db, files: t.app.files },
      { fundId: fund.id, type: 'member_file', path },
    );
    expect(imported.fileName).toBe(name);
    const response = await original(imported.id);
    expect(response.statusCode, response.body).toBe(200);
    expectNamed(response.headers['content-disposition'], name);
    expect(Object.keys(response.headers)).not.toContain('break');
  });

  it('names a made download (refused rows) the same way', async () => {
    const id = await uploadNamed(t.app, token, 'plain.csv');
    const errors = await call(t.app, 'GET', `/api/v1/file-uploads/${id}/download?file=errors`, { token });
    expect(errors.statusCode).toBe(200);
    expectNamed(errors.headers['content-disposition'], `upload-${id}-refused-rows.csv`);
  });
});

describe('through a signed S3 link (S3_DOWNLOAD_REDIRECT)', () => {
  let s3: TestS3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: { ...s3.env, S3_DOWNLOAD_REDIRECT: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('the bucket answers the link with the same Content-Disposition: the exact name of naïve-файл.csv', async () => {
    const { token } = await createStaff(t.app, ['file-uploads.read', 'file-uploads.write']);
    const id = await uploadNamed(t.app, token, 'naïve-файл.csv');
    const response = await call(t.app, 'GET', `/api/v1/file-uploads/${id}/download?file=original`, { token });
    expect(response.statusCode, response.body).toBe(302);
    const link = new URL(response.headers.location as string);
    expectNamed(link.searchParams.get('response-content-disposition'), 'naïve-файл.csv');
    const fetched = await fetch(link);
    expect(fetched.status).toBe(200);
    expectNamed(fetched.headers.get('content-disposition'), 'naïve-файл.csv');
  });
});
