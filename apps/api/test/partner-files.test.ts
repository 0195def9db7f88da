import { PARTNER_FILE_COLUMNS, PARTNER_FILE_MESSAGES } from '@bcp/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, contactCandidates, persons } from '../src/db/schema/index.js';
import { PARTNER_FILE_QUEUE } from '../src/modules/partner-files/build-partner-file.job.js';
import { createPartner } from '../src/modules/partners/partners.service.js';
import { SANDBOX_DIGITS } from '../src/platform/enrichment/sandbox-step-providers.js';
import { call } from './support/accounts.js';
import { memberOfFund, newFund, rerun } from './support/enrichment.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 17: files of persons to trace for tracing partners (spec 7 `file-download*`). */
let testApp: TestApp;
let staff: Staff;
let reader: Staff;
let partnerId: number;
let fundId: number;
let toTrace: { personId: number; idNumber: string; memberNumber: string };
const app = () => testApp.app;
const SYSTEM = { actor: { type: 'system', label: 'test' } } as const;

beforeAll(async () => {
  testApp = await createTestApp();
  staff = await createStaff(app(), [
    'file-downloads.read',
    'file-downloads.generate',
    'enrichment.read',
    'enrichment.run',
  ]);
  reader = await createStaff(app(), ['file-downloads.read']);
  fundId = await newFund(app(), 'Traced Fund');
  const partner = await createPartner(
    app().db,
    {
      name: 'Find Them (Pty) Ltd',
      kind: 'tracing-partner',
      contactEmail: 'files@findthem.example.com',
      fundIds: [fundId],
    },
    SYSTEM,
  );
  partnerId = partner.id;
  await createPartner(app().db, { name: 'An Administrator', kind: 'fund-administrator', fundIds: [fundId] }, SYSTEM);
  toTrace = await memberOfFund(app(), fundId, SANDBOX_DIGITS.nothingTraced, { firstName: 'Zodwa', lastName: 'Hidden' });
  // Not in the file: a member with an email from the fund, one traced, one deceased.
  await memberOfFund(app(), fundId, '10', { email: 'given@example.com' });
  await memberOfFund(app(), fundId, '11');
  await memberOfFund(app(), fundId, SANDBOX_DIGITS.deceased);
  await rerun(app(), staff.token, fundId, { step: 'population_register', scope: 'all' });
  await rerun(app(), staff.token, fundId, { step: 'contact_trace', scope: 'all' });
});
afterAll(async () => {
  app().clock.set(null);
  await testApp.close();
});

async function generate(format: 'csv' | 'xlsx', token = staff.token) {
  const response = await call(app(), 'GET', `/api/v1/file-download/${partnerId}/generate?format=${format}`, { token });
  expect(response.statusCode).toBe(202);
  await app().jobs.idle([PARTNER_FILE_QUEUE]);
  return response.json();
}

describe('GET file-download/partners', () => {
  it('lists the tracing partners with their funds and how many persons need tracing', async () => {
    const response = await call(app(), 'GET', '/api/v1/file-download/partners', { token: reader.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      {
        id: partnerId,
        name: 'Find Them (Pty) Ltd',
        contactEmail: 'files@findthem.example.com',
        funds: [{ id: fundId, name: expect.stringContaining('Traced Fund') }],
        needTracing: 1,
        latestFile: null,
      },
    ]);
  });
});

describe('GET file-download/{id}/generate and download', () => {
  it('builds a CSV of the persons still to trace (a job, audited); its download is audited', async () => {
    const file = await generate('csv');
    expect(file).toMatchObject({ partnerId, format: 'csv', status: 'queued', expiresAt: expect.any(String) });
    const download = await call(app(), 'GET', file.downloadUrl, { token: reader.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toBe(`attachment; filename=to-trace-${partnerId}-${file.id}.csv`);
    const rows = parse(download.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([...PARTNER_FILE_COLUMNS]);
    expect(rows).toEqual([
      {
        id_number: toTrace.idNumber,
        first_name: 'Zodwa',
        last_name: 'Hidden',
        date_of_birth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        fund: expect.stringContaining('Traced Fund'),
        member_number: toTrace.memberNumber,
      },
    ]);
    const actions = await app()
      .db.select({ action: auditEvents.action, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.entityType, 'partners'));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['partners.file_requested', 'partners.file_generated', 'partners.file_downloaded']),
    );
    const listed = await call(app(), 'GET', '/api/v1/file-download/partners', { token: reader.token });
    expect(listed.json().items[0].latestFile).toMatchObject({ id: file.id, status: 'ready', rowCount: 1 });
  });

  it('builds an XLSX with the ID numbers as text', async () => {
    const file = await generate('xlsx');
    const download = await call(app(), 'GET', `/api/v1/file-download/${partnerId}/download`, { token: reader.token });
    expect(download.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(download.rawPayload).buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, ...PARTNER_FILE_COLUMNS]);
    expect(sheet?.getRow(2).getCell(1).value).toBe(toTrace.idNumber);
    expect(file.format).toBe('xlsx');
  });

  it('a person traced since is no longer in the next file', async () => {
    const [extra] = await app()
      .db.insert(contactCandidates)
      .values({ personId: toTrace.personId, channel: 'phone', value: '+27715550000', confidence: 50, source: 'test' })
      .returning();
    const file = await generate('csv');
    expect((await call(app(), 'GET', file.downloadUrl, { token: reader.token })).body.trim()).toBe(
      PARTNER_FILE_COLUMNS.join(','),
    );
    await app()
      .db.delete(contactCandidates)
      .where(eq(contactCandidates.id, extra?.id as number));
    const [person] = await app().db.select().from(persons).where(eq(persons.id, toTrace.personId));
    expect(person?.phoneNumber).toBeNull();
  });

  it('the link expires (410); unknown partners, administrators and other partners files are 404', async () => {
    const file = await generate('csv');
    app().clock.set(new Date(Date.parse(file.expiresAt) + 1000));
    const expired = await call(app(), 'GET', file.downloadUrl, { token: reader.token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(PARTNER_FILE_MESSAGES.expired);
    app().clock.set(null);

    const administrator = (
      await call(app(), 'GET', '/api/v1/partners?filter[kind]=fund-administrator', {
        token: (await createStaff(app(), ['partners.read'])).token,
      })
    ).json().items[0].id as number;
    const notTracing = await call(app(), 'GET', `/api/v1/file-download/${administrator}/generate`, {
      token: staff.token,
    });
    expect(notTracing.statusCode).toBe(404);
    expect(notTracing.json().message).toBe(PARTNER_FILE_MESSAGES.partnerNotFound);
    const otherPartnersFile = await call(
      app(),
      'GET',
      `/api/v1/file-download/${administrator}/download?file=${file.id}`,
      {
        token: reader.token,
      },
    );
    expect(otherPartnersFile.statusCode).toBe(404);
    const badFormat = await call(app(), 'GET', `/api/v1/file-download/${partnerId}/generate?format=pdf`, {
      token: staff.token,
    });
    expect(badFormat.statusCode).toBe(422);
    expect(Object.keys(badFormat.json().errors)).toEqual(['format']);
    // Readers download, but only holders of file-downloads.generate build files.
    expect(
      (await call(app(), 'GET', `/api/v1/file-download/${partnerId}/generate`, { token: reader.token })).statusCode,
    ).toBe(403);
  });
});
