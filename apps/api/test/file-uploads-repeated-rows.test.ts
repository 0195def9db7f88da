import { buildSaIdNumber, type FileUploadResponse, ROW_MESSAGES } from '@bcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { RepeatedRows } from '../src/modules/file-uploads/repeated-rows.js';
import { checkStagedRows } from '../src/modules/file-uploads/staging-checks.repository.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { call } from './support/accounts.js';
import { csvFile, validatedUpload } from './support/file-uploads.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Decision 084: repeated rows (issue 16 rule 4, "The same row is in the file already (line N).")
 * are found by a hash of each row's values taken while the file is copied (`RepeatedRows`), then
 * compared value by value in SQL among the suspects only. The hash narrows, the comparison decides.
 */
const ID_A = buildSaIdNumber('1980-01-01', 5009);
const HEADER = ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount'];

describe('RepeatedRows: the lines sharing a hash with another line', () => {
  it('names every line whose hash came before, and the first line with it once', () => {
    const repeated = new RepeatedRows();
    repeated.add(Int32Array.from([5, 7, 5, 5, 9]), 2);
    repeated.add(Int32Array.from([7, -1]), 7);
    expect([...repeated.suspectLines()].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 7]);
  });

  it('keeps them while its table grows from its first size (no line lost or added)', () => {
    const repeated = new RepeatedRows(0);
    const rows = 50_000;
    // Every hash twice, the second time 25,000 lines later; line numbers from 2 as in a file.
    const hashes = Int32Array.from({ length: rows }, (_, at) => Math.imul(at % (rows / 2), 0x9e3779b1));
    repeated.add(hashes, 2);
    expect(repeated.suspectLines()).toHaveLength(rows);
    expect(new Set(repeated.suspectLines()).size).toBe(rows);
  });
});

describe('the duplicate-row check compares the suspects value by value', () => {
  let testApp: TestApp;
  let staff: Staff;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await createTestApp();
    staff = await createStaff(app(), ['file-uploads.read', 'file-uploads.write']);
  });
  afterAll(async () => testApp.close());

  const duplicateFindings = (upload: FileUploadResponse) =>
    (upload.rowFindings ?? [])
      .filter((finding) => finding.message.startsWith(ROW_MESSAGES.duplicateRow(0).split('(')[0] as string))
      .map((finding) => `${finding.line} ${finding.message}`)
      .sort();

  it('refuses no suspect whose values differ from every other (a hash shared by chance)', async () => {
    const fundId = (await createFund(app().db, { name: 'Suspects Fund', registrationNumber: '12/8/16108' })).id;
    const row = [ID_A, 'Ann', 'Lee', 'M-10', 'withdrawal', '100'];
    const rows = [
      HEADER,
      row,
      row,
      [ID_A, 'Ann', 'Lee', 'M-11', 'withdrawal', '100'],
      [ID_A, 'Bo', 'Lee', 'M-12', 'death', '5'],
    ];
    const upload = await validatedUpload(app(), staff.token, {
      fundId,
      type: 'member_file',
      header: HEADER,
      fileName: 'suspects.csv',
      content: csvFile(rows),
    });
    expect(duplicateFindings(upload)).toEqual([`3 ${ROW_MESSAGES.duplicateRow(2)}`]);
    // Lines 4 and 5 as if their hashes had matched each other's and line 2's: compared, none is the same row.
    await app().db.transaction(async (tx) =>
      checkStagedRows(tx as unknown as Database, { type: 'member_file', id: upload.id, fundId, suspects: [2, 4, 5] }),
    );
    const after = await call(app(), 'GET', `/api/v1/file-uploads/${upload.id}`, { token: staff.token });
    expect(duplicateFindings(after.json() as FileUploadResponse)).toEqual([`3 ${ROW_MESSAGES.duplicateRow(2)}`]);
  });
});
