import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildSaIdNumber,
  FILE_UPLOAD_MESSAGES,
  FILE_UPLOAD_TYPES,
  type FileUploadResponse,
  MAPPING_MESSAGES,
} from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema/index.js';
import { VALIDATE_UPLOAD_QUEUE } from '../src/modules/file-uploads/validate-upload.job.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { call } from './support/accounts.js';
import { csvFile, uploadFileTo } from './support/file-uploads.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
let uploader: Staff;
let fundId: number;
let otherFundId: number;
const app = () => testApp.app;

const ID_A = buildSaIdNumber('1980-01-01', 5009);
const ID_B = buildSaIdNumber('1975-06-15', 1234);
const HEADER = ['ID No', 'Surname', 'First Names', 'Member Nr', 'Benefit Type', 'Amount (R)', 'Cell'];
const ROWS = [
  [ID_A, 'Dlamini', 'Thabo', 'M-1', 'withdrawal', '12 480,50', '082 123 4567'],
  [ID_B, 'Müller', 'Anna', 'M-2', 'retirement', '1234.56', ''],
];
const MAPPING = {
  id_number: 'ID No',
  last_name: 'Surname',
  first_name: 'First Names',
  member_number: 'Member Nr',
  benefit_type: 'Benefit Type',
  amount: 'Amount (R)',
  phone_number: 'Cell',
};

const csv = (rows: string[][], delimiter = ',') => csvFile(rows, delimiter).toString('utf8');

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Members');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function create(body: Record<string, unknown>, token = uploader.token) {
  return call(app(), 'POST', '/api/v1/file-uploads', { token, body });
}

function upload(id: number, fileName: string, content: Buffer, headers: Record<string, string> = {}) {
  return uploadFileTo(app(), uploader.token, id, fileName, content, headers);
}

async function createdUpload(target = fundId, mapping: Record<string, string> | null = MAPPING): Promise<number> {
  const response = await create({ fundId: target, type: 'member_file', ...(mapping ? { mapping } : {}) });
  expect(response.statusCode).toBe(201);
  return (response.json() as FileUploadResponse).id;
}

function storedFiles(): string[] {
  try {
    return readdirSync(join(testApp.config.dataDir, 'file-uploads'));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  testApp = await createTestApp();
  uploader = await createStaff(app(), ['file-uploads.read', 'file-uploads.write']);
  fundId = (await createFund(app().db, { name: 'Upload Fund', registrationNumber: '12/8/16001' })).id;
  otherFundId = (await createFund(app().db, { name: 'Other Upload Fund', registrationNumber: '12/8/16002' })).id;
});
afterAll(async () => testApp.close());

describe('file upload types and mapping', () => {
  it('lists the three types with their target fields', async () => {
    const response = await call(app(), 'GET', '/api/v1/file-uploads/types', { token: uploader.token });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { type: string; fields: { key: string; required: boolean }[] }[];
    expect(items.map((item) => item.type)).toEqual([...FILE_UPLOAD_TYPES]);
    const payment = items.find((item) => item.type === 'payment_confirmations');
    expect(payment?.fields.filter((field) => field.required).map((field) => field.key)).toEqual([
      'claim_reference',
      'payment_reference',
    ]);
  });

  it("answers a type's target fields, and 422 without a type", async () => {
    const response = await call(app(), 'GET', '/api/v1/file-uploads/mapping?type=trace_results', {
      token: uploader.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().fields.map((field: { key: string }) => field.key)).toEqual([
      'id_number',
      'first_name',
      'last_name',
      'email',
      'phone_number',
    ]);
    expect(response.json().header).toBeUndefined();
    const missing = await call(app(), 'GET', '/api/v1/file-uploads/mapping', { token: uploader.token });
    expect(missing.statusCode).toBe(422);
  });
});

describe('creating an upload', () => {
  it('creates one awaiting its file, audited, and lists it with its filters', async () => {
    const id = await createdUpload();
    const read = await call(app(), 'GET', `/api/v1/file-uploads/${id}`, { token: uploader.token });
    expect(read.json()).toMatchObject({
      id,
      fundId,
      fundName: 'Upload Fund',
      type: 'member_file',
      status: 'awaiting_file',
      fileName: null,
      mapping: MAPPING,
      uploadedBy: { id: uploader.userId, name: 'Test Staff' },
    });
    const audits = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'file-uploads'), eq(auditEvents.entityId, String(id))));
    expect(audits.map((audit) => audit.action)).toEqual(['file-uploads.created']);

    const list = await call(
      app(),
      'GET',
      `/api/v1/file-uploads?filter[fundId]=${fundId}&filter[status]=awaiting_file&filter[uploadedBy]=${uploader.userId}`,
      { token: uploader.token },
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: FileUploadResponse) => item.id)).toContain(id);
    const otherType = await call(app(), 'GET', '/api/v1/file-uploads?filter[type]=trace_results', {
      token: uploader.token,
    });
    expect(otherType.json().items.map((item: FileUploadResponse) => item.id)).not.toContain(id);
  });

  it('refuses a mapping without a required field or with an unknown field (422 per field), and an unknown fund', async () => {
    const response = await create({ fundId, type: 'member_file', mapping: { id_number: 'ID', colour: 'C' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      'mapping.amount': [MAPPING_MESSAGES.required('Amount (rand)')],
      'mapping.colour': [MAPPING_MESSAGES.unknownField('colour')],
    });
    const noFund = await create({ fundId: 999_999, type: 'member_file' });
    expect(noFund.statusCode).toBe(422);
    expect(noFund.json().errors.fundId).toEqual([FILE_UPLOAD_MESSAGES.fundNotFound]);
    const badType = await create({ fundId, type: 'bank_file' });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors.type).toEqual([FILE_UPLOAD_MESSAGES.type]);
  });

  it('returns 404 for an unknown upload', async () => {
    const response = await call(app(), 'GET', '/api/v1/file-uploads/999999', { token: uploader.token });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(FILE_UPLOAD_MESSAGES.notFound);
  });
});

describe('uploading the file', () => {
  it('stores a CSV with its SHA-256 and suggests a mapping from its header, with sample rows', async () => {
    const id = await createdUpload(fundId, null);
    const content = Buffer.from(csv([HEADER, ...ROWS]));
    const response = await upload(id, 'members.csv', content);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'uploaded', fileName: 'members.csv', fileSize: content.length });
    expect(response.json().sha256).toMatch(/^[0-9a-f]{64}$/);

    const mapping = await call(app(), 'GET', `/api/v1/file-uploads/mapping?fileUploadId=${id}`, {
      token: uploader.token,
    });
    expect(mapping.statusCode).toBe(200);
    expect(mapping.json()).toMatchObject({ type: 'member_file', header: HEADER, sampleRows: ROWS });
    expect(mapping.json().suggestedMapping).toEqual(MAPPING);
  });

  it('reads a semicolon CSV in Windows-1252 and a UTF-8 CSV with a BOM the same way', async () => {
    const latin = await createdUpload();
    const win1252 = iconv.encode(csv([HEADER, ...ROWS], ';'), 'win1252');
    expect((await upload(latin, 'latin.csv', win1252)).statusCode).toBe(200);
    const bom = await createdUpload();
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv([HEADER, ...ROWS], '\t'))]);
    expect((await upload(bom, 'bom.csv', withBom)).statusCode).toBe(200);
    for (const id of [latin, bom]) {
      const mapping = await call(app(), 'GET', `/api/v1/file-uploads/mapping?fileUploadId=${id}`, {
        token: uploader.token,
      });
      expect(mapping.json()).toMatchObject({ header: HEADER, sampleRows: ROWS });
    }
  });

  it('reads an XLSX with the same rows as the CSV', async () => {
    const id = await createdUpload();
    const response = await upload(id, 'members.xlsx', await xlsx([HEADER, ...ROWS]));
    expect(response.statusCode).toBe(200);
    const mapping = await call(app(), 'GET', `/api/v1/file-uploads/mapping?fileUploadId=${id}`, {
      token: uploader.token,
    });
    expect(mapping.json()).toMatchObject({ header: HEADER, sampleRows: ROWS, suggestedMapping: MAPPING });
  });

  it('refuses the same file for the same fund again (409 naming the earlier upload), not for another fund', async () => {
    const content = Buffer.from(csv([HEADER, ROWS[0] as string[], ['x', 'y', 'z', 'M-9', 'death', '5', '']]));
    const first = await createdUpload();
    expect((await upload(first, 'first.csv', content)).statusCode).toBe(200);
    const before = storedFiles().length;
    const again = await createdUpload();
    const response = await upload(again, 'again.csv', content);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(FILE_UPLOAD_MESSAGES.duplicateFile(first, 'first.csv'));
    expect(storedFiles().length).toBe(before);
    const elsewhere = await createdUpload(otherFundId);
    expect((await upload(elsewhere, 'first.csv', content)).statusCode).toBe(200);
  });

  it('refuses one of two concurrent uploads of the same file for the same fund (409 naming the other)', async () => {
    const content = Buffer.from(csv([HEADER, ROWS[1] as string[], [ID_A, 'Race', 'Twice', 'M-R', 'death', '7', '']]));
    const ids = [await createdUpload(), await createdUpload()];
    const answers = await Promise.all(ids.map((id, index) => upload(id, `race-${index}.csv`, content)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    const loser = answers[1 - winner];
    expect(loser?.json().message).toBe(FILE_UPLOAD_MESSAGES.duplicateFile(ids[winner] as number, `race-${winner}.csv`));
  });

  it('refuses a second file for the same upload (409), a file that is not CSV or XLSX (415) and a fake XLSX', async () => {
    const id = await createdUpload();
    expect((await upload(id, 'a.csv', Buffer.from(csv([HEADER, ROWS[1] as string[]])))).statusCode).toBe(200);
    const second = await upload(id, 'b.csv', Buffer.from(csv([HEADER, ROWS[0] as string[]])));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(FILE_UPLOAD_MESSAGES.alreadyHasFile);
    const other = await createdUpload();
    const pdf = await upload(other, 'members.pdf', Buffer.from('%PDF-1.4'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(FILE_UPLOAD_MESSAGES.fileKind);
    const fake = await upload(other, 'members.xlsx', Buffer.from(csv([HEADER, ['fake', 'xlsx']])));
    expect(fake.statusCode).toBe(415);
  });

  it('refuses a file without rows, or whose header lacks a mapped column (422), and keeps nothing', async () => {
    const before = storedFiles().length;
    const empty = await createdUpload();
    const response = await upload(empty, 'empty.csv', Buffer.from(csv([HEADER])));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([FILE_UPLOAD_MESSAGES.fileEmpty]);
    const renamed = await createdUpload();
    const header = HEADER.map((name) => (name === 'Surname' ? 'Family' : name));
    const mismatch = await upload(renamed, 'renamed.csv', Buffer.from(csv([header, ...ROWS])));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors['mapping.last_name']).toEqual([MAPPING_MESSAGES.unknownColumn('Surname')]);
    expect(storedFiles().length).toBe(before);
    const read = await call(app(), 'GET', `/api/v1/file-uploads/${renamed}`, { token: uploader.token });
    expect(read.json().status).toBe('awaiting_file');
  });

  it('takes the mapping chosen after the upload (POST file-uploads/mapping), saved for the fund and suggested for its next file', async () => {
    const fund = (await createFund(app().db, { name: 'Mapping Fund', registrationNumber: '12/8/16003' })).id;
    // Names swapped: not what aliases suggest, so a later suggestion of it comes from the saved mapping.
    const chosen = { ...MAPPING, first_name: 'Surname', last_name: 'First Names' };
    const choose = (body: Record<string, unknown>) =>
      call(app(), 'POST', '/api/v1/file-uploads/mapping', { token: uploader.token, body });
    const id = await createdUpload(fund, null);
    expect((await upload(id, 'first.csv', Buffer.from(csv([HEADER, ...ROWS])))).json().status).toBe('uploaded');

    const missing = await choose({ fileUploadId: id, mapping: { ...chosen, amount: 'Bedrag' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['mapping.amount']).toEqual([MAPPING_MESSAGES.unknownColumn('Bedrag')]);
    const taken = await choose({ fileUploadId: id, mapping: chosen, saveMappingForFund: true });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'validating', mapping: chosen });
    await app().jobs.idle([VALIDATE_UPLOAD_QUEUE]);
    const validated = await call(app(), 'GET', `/api/v1/file-uploads/${id}`, { token: uploader.token });
    expect(validated.json()).toMatchObject({ status: 'validated', counts: { valid: 2, refused: 0 } });
    expect((await choose({ fileUploadId: id, mapping: MAPPING })).statusCode).toBe(409);
    const audited = await app()
      .db.select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'file-uploads'), eq(auditEvents.entityId, String(id))));
    expect(audited.map((event) => event.action)).toContain('file-uploads.mapped');

    const next = await createdUpload(fund, null);
    await upload(next, 'next.csv', Buffer.from(csv([HEADER, ROWS[0] as string[]])));
    const suggestion = await call(app(), 'GET', `/api/v1/file-uploads/mapping?fileUploadId=${next}`, {
      token: uploader.token,
    });
    expect(suggestion.json().suggestedMapping).toEqual(chosen);
  });

  it('refuses a body declared over 200 MB at once with 413', async () => {
    const id = await createdUpload();
    const response = await upload(id, 'huge.csv', Buffer.from(csv([HEADER, ...ROWS])), {
      'content-length': String(201 * 1024 * 1024),
    });
    expect(response.statusCode).toBe(413);
  });
});
