import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSaIdNumber, ROW_MESSAGES, randToCents } from '@bcp/contract';
import { parse } from 'csv-parse/sync';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefits, fileUploads, persons } from '../src/db/schema/index.js';
import {
  DEMO_ID_NUMBER_WITHOUT_BENEFITS,
  DEMO_MEMBERS,
  generateMemberFile,
  generateMemberRows,
} from '../src/modules/file-uploads/demo/generate-member-file.js';
import { importFileAsSystem, SYSTEM_IMPORT_NOTE } from '../src/modules/file-uploads/system-import.service.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { createLocalFileStore } from '../src/platform/files/local-file-store.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

describe('demo member file generator', () => {
  it('is deterministic by seed', () => {
    expect(generateMemberFile({ seed: 7, members: 50 })).toBe(generateMemberFile({ seed: 7, members: 50 }));
    expect(generateMemberFile({ seed: 8, members: 50 })).not.toBe(generateMemberFile({ seed: 7, members: 50 }));
  });

  it('writes valid, unique SA ID numbers and South African contact details', () => {
    const rows = generateMemberRows({ seed: 3, members: 500, includeDemoMembers: false });
    const memberIds = new Map<string, string>();
    for (const row of rows) {
      expect(parseSaIdNumber(row.id_number).valid).toBe(true);
      if (row.phone_number) expect(row.phone_number).toMatch(/^\+27[678]\d{8}$/);
      // A person keeps one member number; an ID number never belongs to two members.
      expect(memberIds.get(row.id_number) ?? row.member_number).toBe(row.member_number);
      memberIds.set(row.id_number, row.member_number);
    }
    expect(memberIds.size).toBe(500);
    expect(memberIds.has(DEMO_ID_NUMBER_WITHOUT_BENEFITS)).toBe(false);
  });

  it('spreads amounts like real unclaimed benefits: many under R250, mean about R10,000, a few over R100,000', () => {
    const cents = generateMemberRows({ seed: 11, members: 20_000, includeDemoMembers: false }).map(
      (row) => randToCents(row.amount) as number,
    );
    const mean = cents.reduce((sum, value) => sum + value, 0) / cents.length / 100;
    const underR250 = cents.filter((value) => value < 250_00).length / cents.length;
    const overR100k = cents.filter((value) => value > 100_000_00).length / cents.length;
    expect(mean).toBeGreaterThan(7_000);
    expect(mean).toBeLessThan(13_000);
    expect(underR250).toBeGreaterThan(0.2);
    expect(overR100k).toBeGreaterThan(0.005);
    expect(overR100k).toBeLessThan(0.05);
  });

  it('puts the documented demo members first', () => {
    const rows = generateMemberRows({ seed: 1, members: 3 });
    expect(rows.slice(0, DEMO_MEMBERS.length)).toEqual(DEMO_MEMBERS);
  });
});

describe('member file loaded by the system through the upload pipeline (demo seed)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let fundId: number;
  const deps = () => ({ db: database.handle.db, files: createLocalFileStore(dataDir) });
  function file(name: string, content: string): string {
    const path = join(dataDir, name);
    writeFileSync(path, content);
    return path;
  }
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'bcp-member-file-'));
    fundId = (await createFund(database.handle.db, { name: 'Import Fund', registrationNumber: '12/8/42' })).id;
  });
  afterAll(async () => database.destroy());

  it('records persons and benefits from a generated file, and the upload with its counts', async () => {
    const content = generateMemberFile({ seed: 5, members: 300 });
    const rowCount = parse(content, { columns: true }).length;
    const upload = await importFileAsSystem(deps(), {
      fundId,
      type: 'member_file',
      path: file('members.csv', content),
    });
    expect(upload).toMatchObject({
      status: 'accepted',
      importedCount: rowCount,
      progress: { rowsRead: rowCount, totalRows: rowCount },
      counts: { refused: 0 },
      uploadedBy: null,
    });
    expect(upload.sha256).toMatch(/^[0-9a-f]{64}$/);

    const db = database.handle.db;
    const [benefitCount] = await db.select({ value: count() }).from(benefits).where(eq(benefits.fundId, fundId));
    expect(benefitCount?.value).toBe(rowCount);
    const [nomsa] = await db
      .select()
      .from(persons)
      .where(eq(persons.idNumber, DEMO_MEMBERS[0]?.id_number ?? ''));
    expect(nomsa).toMatchObject({
      firstName: 'Nomsa',
      lastName: 'Dlamini',
      gender: 'female',
      dateOfBirth: '1975-03-14',
    });
    const nomsaBenefits = await db
      .select()
      .from(benefits)
      .where(eq(benefits.personId, nomsa?.id ?? 0));
    expect(nomsaBenefits.map((b) => b.amountCents).sort((a, b) => a - b)).toEqual([186_20, 12_480_50]);
    const [stored] = await db.select().from(fileUploads).where(eq(fileUploads.id, upload.id));
    expect(stored).toMatchObject({ decisionNote: SYSTEM_IMPORT_NOTE, errorCount: 0 });
  });

  it('skips bad rows, keeping line and reason, and loads the rest', async () => {
    const content = [
      'id_number,first_name,last_name,member_number,email,phone_number,benefit_type,amount',
      '8001015009088,Bad,Check,X1,,,withdrawal,10.00',
      '8001015009087,Good,Person,X2,good@example.co.za,+27821112222,withdrawal,1234.56',
      '8001015009087,Good,Person,X2,,,surplus,-4',
    ].join('\n');
    const upload = await importFileAsSystem(deps(), { fundId, type: 'member_file', path: file('mixed.csv', content) });
    expect(upload).toMatchObject({ status: 'accepted', importedCount: 1, counts: { valid: 1, refused: 2 } });
    expect(upload.rowFindings?.map((finding) => [finding.line, finding.message])).toEqual([
      [2, 'ID number is not valid (check digit).'],
      [4, ROW_MESSAGES.amount],
    ]);
  });
});

describe('README demo data', () => {
  it('documents ID numbers that are really the demo members, and one with no benefits', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\| `(\d{13})` \|/gm)].map((match) => match[1]);
    const demoIds = new Set(DEMO_MEMBERS.map((member) => member.id_number));
    expect(documented).toEqual([...demoIds, DEMO_ID_NUMBER_WITHOUT_BENEFITS]);
  });
});
