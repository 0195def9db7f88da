import diagnosticsChannel from 'node:diagnostics_channel';
import {
  buildSaIdNumber,
  FILE_UPLOAD_MESSAGES,
  type FileUploadResponse,
  ROW_MESSAGES,
  SA_ID_NUMBER_MESSAGES,
} from '@bcp/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUploadRows } from '../src/db/schema/index.js';
import { recordBenefits } from '../src/modules/benefits/benefits.service.js';
import { UPLOAD_PHASES_CHANNEL, type UploadPhases } from '../src/modules/file-uploads/upload-phases.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { call } from './support/accounts.js';
import { csvFile, knownPerson, uploadFileTo, validatedUpload } from './support/file-uploads.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const ID_A = buildSaIdNumber('1980-01-01', 5009);
const ID_KNOWN = buildSaIdNumber('1970-02-02', 4321);
const ID_2003 = buildSaIdNumber('2003-04-05', 1234);
const BAD_CHECK = ID_A.slice(0, 12) + String((Number(ID_A[12]) + 1) % 10);
const HEADER = ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount', 'email'];
const MEMBER_ROWS = [
  /* line 2 */ [ID_A, 'Thabo', 'Dlamini', 'M-1', 'withdrawal', '12 480,50', 'thabo@example.com'],
  /* line 3 */ ['8.00101E+12', 'Sci', 'Notation', 'M-2', 'withdrawal', '100', ''],
  /* line 4 */ [ID_2003.slice(1), 'Young', 'Member', 'M-3', 'withdrawal', 'R1 234', 'not-an-email'],
  /* line 5 */ [BAD_CHECK, 'Bad', 'Check', 'M-4', 'withdrawal', '100', ''],
  /* line 6 */ [ID_A, 'Thabo', 'Dlamini', 'M-5', 'retirement', 'abc', ''],
  /* line 7 */ [ID_A, 'Thabo', 'Dlamini', 'M-1', 'withdrawal', '12480.50', 'thabo@example.com'],
  /* line 8 */ [ID_KNOWN, 'Pieter', 'Smit', 'M-KNOWN', 'withdrawal', '250.00', ''],
  /* line 9 */ [ID_A, 'Thabo', '', 'M-6', 'death', '5', ''],
];

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Members');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csv = (rows: string[][]) => csvFile(rows);

let testApp: TestApp;
let uploader: Staff;
let fundId: number;
const app = () => testApp.app;

async function validated(type: string, header: string[], fileName: string, content: Buffer, target = fundId) {
  const upload = await validatedUpload(app(), uploader.token, { fundId: target, type, header, fileName, content });
  expect(upload.status).toBe('validated');
  return upload;
}

const findingsOf = (upload: FileUploadResponse) =>
  (upload.rowFindings ?? []).map((finding) => `${finding.line} ${finding.level} ${finding.message}`).sort();

/**
 * Every case twice: with the row checks in the validation job's thread (files under
 * `UPLOAD_CHECK_WORKER_FROM_BYTES`) and in a worker thread beside it (decision 083): the same
 * staged rows, findings, counts and failures.
 */
describe.each([
  { where: "in the job's thread", env: {} as Record<string, string>, phase: 'row checks' },
  { where: 'in a worker thread', env: { UPLOAD_CHECK_WORKER_FROM_BYTES: '0' }, phase: 'row checks (worker thread)' },
])('row checks $where', ({ env, phase }) => {
  /** The validation job's phases of each upload (the job publishes them when someone listens). */
  const validationPhases = new Map<number, string[]>();
  const onPhases = (message: unknown) => {
    const phases = message as UploadPhases;
    if (phases.job === 'validate') validationPhases.set(phases.fileUploadId, Object.keys(phases.seconds));
  };
  beforeAll(() => diagnosticsChannel.subscribe(UPLOAD_PHASES_CHANNEL, onPhases));
  afterAll(() => diagnosticsChannel.unsubscribe(UPLOAD_PHASES_CHANNEL, onPhases));

  it(`runs the cell checks ${phase === 'row checks' ? "in the job's thread" : 'in a worker thread'} (decision 083)`, async () => {
    const threadFund = (await createFund(app().db, { name: 'Thread Fund', registrationNumber: '12/8/16106' })).id;
    const upload = await validated('member_file', HEADER, 'thread.csv', csv([HEADER, ...MEMBER_ROWS]), threadFund);
    expect(validationPhases.get(upload.id)).toContain(phase);
  });

  beforeAll(async () => {
    testApp = await createTestApp({ env });
    uploader = await createStaff(app(), ['file-uploads.read', 'file-uploads.write']);
    fundId = (await createFund(app().db, { name: 'Validation Fund', registrationNumber: '12/8/16101' })).id;
    const personId = await knownPerson(app(), { idNumber: ID_KNOWN, firstName: 'Peter', lastName: 'Smith' });
    await recordBenefits(app().db, [
      {
        fundId,
        personId,
        memberNumber: 'M-KNOWN',
        benefitType: 'withdrawal',
        amountCents: 10_000,
        fileUploadId: null,
      },
    ]);
  });
  afterAll(async () => testApp.close());

  describe('member file rows, checked one by one into staging', () => {
    it('gives each rule its level and message, and counts refused rows and warnings', async () => {
      const upload = await validated('member_file', HEADER, 'members.csv', csv([HEADER, ...MEMBER_ROWS]));
      expect(upload).toMatchObject({
        status: 'validated',
        progress: { rowsRead: 8, totalRows: 8 },
        counts: { valid: 3, refused: 5, warnings: 2 },
      });
      expect(findingsOf(upload)).toEqual(
        [
          `3 error ${ROW_MESSAGES.idScientific}`,
          `4 warning ${ROW_MESSAGES.idPadded}`,
          `4 warning ${ROW_MESSAGES.email}`,
          `5 error ${SA_ID_NUMBER_MESSAGES.checksum}`,
          `6 error ${ROW_MESSAGES.amount}`,
          `7 error ${ROW_MESSAGES.duplicateRow(2)}`,
          `8 warning ${ROW_MESSAGES.namesDiffer}`,
          `8 warning ${ROW_MESSAGES.benefitKnown('100.00', '250.00')}`,
          `9 error ${ROW_MESSAGES.requiredMissing('Last name')}`,
        ].sort(),
      );
    });

    it('refuses each repeat of a row naming its first line, and not rows whose values differ only in their columns', async () => {
      const duplicatesFund = (await createFund(app().db, { name: 'Duplicates Fund', registrationNumber: '12/8/16107' }))
        .id;
      const row = [ID_A, 'Ann', 'Lee', 'M-10', 'withdrawal', '100', ''];
      const upload = await validated(
        'member_file',
        HEADER,
        'repeats.csv',
        csv([
          HEADER,
          /* line 2 */ row,
          /* line 3 */ [ID_A, 'Ann', 'Lee', 'M-10', 'withdrawal', '100.00', ''],
          /* line 4 */ row,
          // Lines 5 and 6 differ: the same name, in another column.
          /* line 5 */ [ID_A, 'Ann', '', 'M-11', 'withdrawal', '100', ''],
          /* line 6 */ [ID_A, '', 'Ann', 'M-11', 'withdrawal', '100', ''],
          /* line 7 */ [ID_A, 'Ann', 'Lee', 'M-10', 'retirement', '100', ''],
        ]),
        duplicatesFund,
      );
      expect(findingsOf(upload).filter((finding) => finding.includes(ROW_MESSAGES.duplicateRow(2)))).toEqual([
        `3 error ${ROW_MESSAGES.duplicateRow(2)}`,
        `4 error ${ROW_MESSAGES.duplicateRow(2)}`,
      ]);
      const duplicateMessage = ROW_MESSAGES.duplicateRow(0).replace(/\d+\)\.$/, '');
      expect(
        findingsOf(upload).filter((finding) => /^[567] /.test(finding) && finding.includes(duplicateMessage)),
      ).toEqual([]);
    });

    it('gives a CSV and an XLSX with the same rows the same result', async () => {
      // Another fund: the first test uploaded this CSV for the fund already (a 409).
      const secondFund = (await createFund(app().db, { name: 'Second Fund', registrationNumber: '12/8/16102' })).id;
      const file = csv([HEADER, ...MEMBER_ROWS]);
      const fromCsv = await validated('member_file', HEADER, 'same.csv', file, secondFund);
      const fromXlsx = await validated(
        'member_file',
        HEADER,
        'same.xlsx',
        await xlsx([HEADER, ...MEMBER_ROWS]),
        secondFund,
      );
      expect(fromCsv.counts).toEqual({ valid: 3, refused: 5, warnings: 2 });
      expect(fromXlsx.counts).toEqual(fromCsv.counts);
      expect(findingsOf(fromXlsx)).toEqual(findingsOf(fromCsv));
    });
  });

  describe('trace results and payment confirmations', () => {
    it('refuses trace results for persons not known', async () => {
      const header = ['id_number', 'first_name', 'last_name', 'email'];
      const upload = await validated(
        'trace_results',
        header,
        'trace.csv',
        csv([header, [ID_KNOWN, 'Peter', 'Smith', 'peter@example.com'], [ID_2003, 'Young', 'Member', '']]),
      );
      expect(upload.counts).toEqual({ valid: 1, refused: 1, warnings: 0 });
      expect(findingsOf(upload)).toEqual([`3 error ${ROW_MESSAGES.personUnknown}`]);
    });

    it('refuses a payment confirmation for a claim not found', async () => {
      const header = ['claim_reference', 'payment_reference', 'paid_on'];
      const upload = await validated(
        'payment_confirmations',
        header,
        'paid.csv',
        csv([header, ['999999', 'EFT-1', '2026-01-05'], ['', 'EFT-2', 'yesterday']]),
      );
      expect(upload.counts).toEqual({ valid: 0, refused: 2, warnings: 0 });
      expect(findingsOf(upload)).toEqual(
        [
          `2 error ${ROW_MESSAGES.claimNotFound}`,
          `3 error ${ROW_MESSAGES.requiredMissing('Claim reference')}`,
          `3 error ${ROW_MESSAGES.date}`,
        ].sort(),
      );
    });
  });

  describe('staging with COPY, in a background job', () => {
    /** 12,000 member rows: more than one COPY chunk of 10,000 on PGlite. */
    const manyRows = Array.from({ length: 12_000 }, (_, index) => [
      ID_A,
      'Thabo',
      'Dlamini',
      `BULK-${index}`,
      'withdrawal',
      `${index + 1}.00`,
      '',
    ]);

    it('stages every row of a large file and shows rows read of the total', async () => {
      const bulkFund = (await createFund(app().db, { name: 'Bulk Fund', registrationNumber: '12/8/16103' })).id;
      const upload = await validated('member_file', HEADER, 'bulk.csv', csv([HEADER, ...manyRows]), bulkFund);
      expect(upload).toMatchObject({
        progress: { rowsRead: 12_000, totalRows: 12_000 },
        counts: { valid: 12_000, refused: 0, warnings: 0 },
      });
      expect(await app().db.$count(fileUploadRows, eq(fileUploadRows.fileUploadId, upload.id))).toBe(12_000);
    });

    it('stages nothing when the file breaks after the first chunk was copied, and the upload fails', async () => {
      const brokenFund = (await createFund(app().db, { name: 'Broken Fund', registrationNumber: '12/8/16104' })).id;
      const content = Buffer.concat([csv([HEADER, ...manyRows]), Buffer.from(`${ID_A},"never closed,x\r\n`)]);
      const upload = await validatedUpload(app(), uploader.token, {
        fundId: brokenFund,
        type: 'member_file',
        header: HEADER,
        fileName: 'broken.csv',
        content,
      });
      expect(upload).toMatchObject({ status: 'failed', failureReason: 'The file could not be read to the end.' });
      expect(await app().db.$count(fileUploadRows, eq(fileUploadRows.fileUploadId, upload.id))).toBe(0);
    });
  });

  /**
   * A quote-free member file of `count` rows whose first name on line 5,002 (the header is line 1)
   * is 40,000 characters: well past the first piece of 64 KB, which the job's thread parses itself.
   */
  const fileWithLongCell = (count: number, prefix: string) => {
    const rows = Array.from({ length: count }, (_, index) => [
      ID_A,
      'Thabo',
      'Dlamini',
      `${prefix}-${index}`,
      'withdrawal',
      '10',
      '',
    ]);
    (rows[5_000] as string[])[1] = 'x'.repeat(40_000);
    return Buffer.from(`${[HEADER, ...rows].map((row) => row.join(',')).join('\n')}\n`);
  };
  const uploadOf = async (name: string, registrationNumber: string, fileName: string, content: Buffer) => {
    const fund = (await createFund(app().db, { name, registrationNumber })).id;
    return validatedUpload(app(), uploader.token, {
      fundId: fund,
      type: 'member_file',
      header: HEADER,
      fileName,
      content,
    });
  };

  describe('a refused row found where the text is parsed (decision 085)', () => {
    it('fails the upload naming the line and column of a cell over the budget, far into the file', async () => {
      const upload = await uploadOf('Long Cell Fund', '12/8/16111', 'long-cell.csv', fileWithLongCell(6_000, 'LONG'));
      expect(upload).toMatchObject({
        status: 'failed',
        failureReason: FILE_UPLOAD_MESSAGES.cellTooLong(5_002, 2, 32_767),
      });
      expect(await app().db.$count(fileUploadRows, eq(fileUploadRows.fileUploadId, upload.id))).toBe(0);
    });
  });

  describe('the first fault in the file is the one named', () => {
    it('names a cell over the budget rather than a byte further on that is not text, read before that row was checked', async () => {
      // 4,000 rows (220 KB) after the long cell: the reader has handed its row over, and meets the
      // byte before that row's batch is copied (6 batches of 64 KB in flight). 0x81 is neither
      // UTF-8 nor Windows-1252: the reader refuses the file at line 9,002.
      const content = Buffer.concat([fileWithLongCell(9_000, 'FIRST'), Buffer.from([0x81, 0x0a])]);
      const upload = await uploadOf('First Fault Fund', '12/8/16112', 'first-fault.csv', content);
      expect(upload).toMatchObject({
        status: 'failed',
        failureReason: FILE_UPLOAD_MESSAGES.cellTooLong(5_002, 2, 32_767),
      });
    });
  });

  describe('cells COPY must escape', () => {
    it('stages backslashes, tabs and line breaks as they are, and drops NUL characters', async () => {
      const escapeFund = (await createFund(app().db, { name: 'Escape Fund', registrationNumber: '12/8/16105' })).id;
      const names = ['Back\\slash', 'Tab\there', 'Line\nbreak', 'Nul\u0000byte'];
      const content = Buffer.from(
        `${HEADER.join(',')}\r\n${names
          .map((name, index) => `${ID_A},"${name}",Dlamini,ESC-${index},withdrawal,10,`)
          .join('\r\n')}\r\n`,
      );
      const upload = await validated('member_file', HEADER, 'escapes.csv', content, escapeFund);
      expect(upload.counts).toEqual({ valid: 4, refused: 0, warnings: 0 });
      const staged = await app()
        .db.select({ firstName: fileUploadRows.firstName })
        .from(fileUploadRows)
        .where(eq(fileUploadRows.fileUploadId, upload.id))
        .orderBy(fileUploadRows.line);
      expect(staged.map((row) => row.firstName)).toEqual(['Back\\slash', 'Tab\there', 'Line\nbreak', 'Nulbyte']);
    });

    it('stages backslashes and tabs of a file without quotes as they are, checked where it is parsed (decision 085)', async () => {
      const plainFund = (await createFund(app().db, { name: 'Plain Escape Fund', registrationNumber: '12/8/16110' }))
        .id;
      // 6,000 rows (330 KB) first: the names come in a later piece of text than the first (parsed in the job's thread).
      const names = [
        ...Array.from({ length: 6_000 }, (_, index) => `Name${index}`),
        'Back\\slash',
        'Tab\there',
        'Plain',
      ];
      const content = Buffer.from(
        `${HEADER.join(',')}\n${names.map((name, index) => `${ID_A},${name},Dlamini,PLAIN-${index},withdrawal,10,`).join('\n')}\n`,
      );
      const upload = await validated('member_file', HEADER, 'plain-escapes.csv', content, plainFund);
      expect(upload.counts).toEqual({ valid: names.length, refused: 0, warnings: 0 });
      const staged = await app()
        .db.select({ firstName: fileUploadRows.firstName })
        .from(fileUploadRows)
        .where(eq(fileUploadRows.fileUploadId, upload.id))
        .orderBy(fileUploadRows.line);
      expect(staged.map((row) => row.firstName)).toEqual(names);
    });

    it('reads a file with quotes as csv-parse does (decision 084): a quoted cell after a space is one cell', async () => {
      const quoteFund = (await createFund(app().db, { name: 'Quote Fund', registrationNumber: '12/8/16109' })).id;
      const lines = [HEADER.join(','), `${ID_A}, "Dlamini, Thabo",Dlamini,Q-1,withdrawal,10,`];
      const upload = await validated('member_file', HEADER, 'quotes.csv', Buffer.from(lines.join('\n')), quoteFund);
      expect(upload.counts).toEqual({ valid: 1, refused: 0, warnings: 0 });
      const staged = await app()
        .db.select({ firstName: fileUploadRows.firstName, memberNumber: fileUploadRows.memberNumber })
        .from(fileUploadRows)
        .where(eq(fileUploadRows.fileUploadId, upload.id));
      expect(staged).toEqual([{ firstName: 'Dlamini, Thabo', memberNumber: 'Q-1' }]);
      // Text after a closing quote: refused at upload, where the file's first rows are read.
      const mapping = Object.fromEntries(HEADER.map((column) => [column, column]));
      const created = await call(app(), 'POST', '/api/v1/file-uploads', {
        token: uploader.token,
        body: { fundId: quoteFund, type: 'member_file', mapping },
      });
      const content = Buffer.from(`${HEADER.join(',')}\n${ID_A},"Ann"x,Lee,Q-3,death,5,\n`);
      const refused = await uploadFileTo(app(), uploader.token, created.json().id, 'closing-quote.csv', content);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(FILE_UPLOAD_MESSAGES.fileUnreadable);
    });
  });
});
