import { EXPORT_MESSAGES } from '@bcp/contract';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, persons } from '../src/db/schema/index.js';
import { call } from './support/accounts.js';
import { type ClaimingMember, claimingMember, submittedClaim } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 18: `GET /api/v1/benefits/export` and `GET /api/v1/benefits/claims/export`: the lists'
 * filters, CSV or XLSX, streamed in pages, masked unless `unmasked=true` with its permission,
 * each export audited with its filters and row count.
 */
let testApp: TestApp;
let exporter: Staff;
let unmaskedExporter: Staff;
let lister: Staff;
let member: ClaimingMember;
let claimed: ClaimingMember & { claimId: number };
const app = () => testApp.app;

const get = (url: string, token = exporter.token) => call(app(), 'GET', url, { token });

function csvRows(body: string): Record<string, string>[] {
  return parse(body, { columns: true, bom: true });
}

async function exportAudits(action: string) {
  return app().db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(auditEvents.id);
}

beforeAll(async () => {
  testApp = await createTestApp();
  exporter = await createStaff(app(), ['benefits.export']);
  unmaskedExporter = await createStaff(app(), ['benefits.export', 'benefits.export-unmasked']);
  lister = await createStaff(app(), ['benefits.read']);
  member = await claimingMember(app(), { amountCents: 1_248_050 });
  claimed = await submittedClaim(app(), { amountCents: 50_000, accountNumber: '1234567890' });
});
afterAll(async () => testApp.close());

describe('issue 18 GET benefits/export', () => {
  it("streams the list's filtered rows as CSV with masked ID numbers, audited with filters and row count", async () => {
    const response = await get(`/api/v1/benefits/export?filter[fundId]=${member.fundId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=benefits-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = csvRows(response.body);
    expect(rows).toEqual([
      expect.objectContaining({
        benefit_id: String(member.benefitId),
        amount_zar: '12480.50',
        status: 'unclaimed',
        last_name: 'Mokoena',
        id_number: `*********${member.idNumber.slice(-4)}`,
      }),
    ]);
    expect(response.body).not.toContain(member.idNumber);
    const [audit] = (await exportAudits('benefits.exported')).slice(-1);
    expect(audit).toMatchObject({ actorId: exporter.userId, entityType: 'benefits' });
    expect(audit?.after).toEqual({
      filter: { fundId: member.fundId },
      q: null,
      format: 'csv',
      unmasked: false,
      rowCount: 1,
    });
  });

  it('searches as the list does (by ID number), keeping the ID number masked in the audit trail', async () => {
    const response = await get(`/api/v1/benefits/export?q=${member.idNumber}`);
    expect(csvRows(response.body).map((row) => row.benefit_id)).toEqual([String(member.benefitId)]);
    const [audit] = (await exportAudits('benefits.exported')).slice(-1);
    expect(JSON.stringify(audit)).not.toContain(member.idNumber);
  });

  it('unmasked=true: 403 with the message without benefits.export-unmasked; full ID numbers with it', async () => {
    const url = `/api/v1/benefits/export?filter[fundId]=${member.fundId}&unmasked=true`;
    const refused = await get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(EXPORT_MESSAGES.unmaskedForbidden);
    const allowed = await get(url, unmaskedExporter.token);
    expect(csvRows(allowed.body)[0]?.id_number).toBe(member.idNumber);
    const [audit] = (await exportAudits('benefits.exported')).slice(-1);
    expect(audit?.after).toMatchObject({ unmasked: true, rowCount: 1 });
  });

  it('streams XLSX with the same columns', async () => {
    const response = await app().inject({
      method: 'GET',
      url: `/api/v1/benefits/export?format=xlsx&filter[fundId]=${member.fundId}`,
      headers: { authorization: `Bearer ${exporter.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Benefits');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(1).getCell(1).value).toBe('benefit_id');
    expect(sheet?.getRow(2).getCell(1).value).toBe(member.benefitId);
    expect(sheet?.getRow(2).getCell(10).value).toBe(`*********${member.idNumber.slice(-4)}`);
  });

  it('pages through thousands of rows (keyset pages of 500), newest first', async () => {
    await app().db.execute(sql`
      insert into benefits (fund_id, person_id, member_number, benefit_type, amount_cents)
      select ${member.fundId}, p.id, 'BULK-' || g, 'surplus', g
      from generate_series(1, 4500) g, (select person_id as id from benefits where id = ${member.benefitId}) p`);
    const response = await get(`/api/v1/benefits/export?filter[fundId]=${member.fundId}`);
    const ids = csvRows(response.body).map((row) => Number(row.benefit_id));
    expect(ids).toHaveLength(4501);
    expect(new Set(ids).size).toBe(4501);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [audit] = (await exportAudits('benefits.exported')).slice(-1);
    expect(audit?.after).toMatchObject({ rowCount: 4501 });
  });

  it('keeps a cell a spreadsheet would run as a formula inert', async () => {
    await app()
      .db.update(persons)
      .set({ firstName: '=HYPERLINK("http://evil.example")' })
      .where(eq(persons.idNumber, claimed.idNumber));
    const response = await get(`/api/v1/benefits/export?q=${claimed.idNumber}`);
    expect(csvRows(response.body)[0]?.first_name).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('refuses a bad format or filter (422), and needs benefits.export (403 for a lister)', async () => {
    expect((await get('/api/v1/benefits/export?format=pdf')).statusCode).toBe(422);
    expect((await get('/api/v1/benefits/export?filter[colour]=red')).statusCode).toBe(422);
    expect((await get('/api/v1/benefits/export', lister.token)).statusCode).toBe(403);
    expect((await call(app(), 'GET', '/api/v1/benefits/export')).statusCode).toBe(401);
    expect((await get('/api/v1/benefits/export', member.token)).statusCode).toBe(401);
  });
});

describe('issue 18 GET benefits/claims/export', () => {
  it('streams claims with masked ID and account numbers, the net payout and bank; audited', async () => {
    const response = await get('/api/v1/benefits/claims/export');
    expect(response.statusCode).toBe(200);
    const rows = csvRows(response.body);
    expect(rows).toEqual([
      expect.objectContaining({
        claim_id: String(claimed.claimId),
        status: 'submitted',
        gross_amount_zar: '500.00',
        net_payout_zar: '500.00',
        bank: 'Absa Bank',
        account_number: '******7890',
        id_number: `*********${claimed.idNumber.slice(-4)}`,
      }),
    ]);
    expect(response.body).not.toContain('1234567890');
    const [audit] = (await exportAudits('claims.exported')).slice(-1);
    expect(audit?.after).toMatchObject({ format: 'csv', unmasked: false, rowCount: 1 });
  });

  it('unmasked=true with the permission gives full ID and account numbers; filters as the list', async () => {
    const response = await get('/api/v1/benefits/claims/export?unmasked=true', unmaskedExporter.token);
    expect(csvRows(response.body)[0]).toMatchObject({ account_number: '1234567890', id_number: claimed.idNumber });
    expect((await get('/api/v1/benefits/claims/export?unmasked=true')).statusCode).toBe(403);
    const drafts = await get('/api/v1/benefits/claims/export?filter[status]=draft');
    expect(csvRows(drafts.body)).toEqual([]);
    const audits = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'claims.exported'), eq(auditEvents.actorId, exporter.userId)));
    expect(audits.at(-1)?.after).toMatchObject({ filter: { status: 'draft' }, rowCount: 0 });
  });
});
