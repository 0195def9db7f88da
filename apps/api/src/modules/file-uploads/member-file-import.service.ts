import { email as emailRule, parseSaIdNumber, randToCents } from '@bcp/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { fileUploads } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type BenefitFromFundData, recordBenefits } from '../benefits/benefits.service.js';
import { type PersonFromFundData, upsertPersonsByIdNumber } from '../persons/persons.service.js';
import { MEMBER_FILE_COLUMNS, type MemberFileRow } from './member-file.js';

export interface MemberFileImportResult {
  fileUploadId: number;
  /** Data rows in the file (header excluded). */
  rowCount: number;
  /** Benefits recorded for the first time. */
  importedCount: number;
  /** Rows refused, with their 1-based line number in the file and the reason (no personal data). */
  errors: { line: number; message: string }[];
}

interface ValidRow {
  person: PersonFromFundData;
  memberNumber: string;
  benefitType: string;
  amountCents: number;
}

const E164_ZA = /^\+27\d{9}$/;

function validateRow(row: MemberFileRow): ValidRow | string {
  const id = parseSaIdNumber(row.id_number);
  if (!id.valid) return id.message;
  if (!row.first_name || !row.last_name) return 'First and last name are required.';
  if (!row.member_number) return 'Member number is required.';
  if (!row.benefit_type) return 'Benefit type is required.';
  const amountCents = randToCents(row.amount);
  if (amountCents === null || amountCents === 0) return 'Amount must be a positive rand amount such as 1234.56.';
  return {
    person: {
      idNumber: id.idNumber,
      firstName: row.first_name,
      lastName: row.last_name,
      dateOfBirth: id.dateOfBirth,
      gender: id.gender,
      // Contact details that fail their check are dropped, not fatal: the member confirms them at sign-up.
      email: row.email && emailRule(row.email) === true ? row.email.toLowerCase() : null,
      phoneNumber: E164_ZA.test(row.phone_number) ? row.phone_number : null,
    },
    memberNumber: row.member_number,
    benefitType: row.benefit_type.toLowerCase(),
    amountCents,
  };
}

/**
 * Loads a fund's member file (see `member-file.ts` for its columns): validates each row, records
 * persons by ID number and their benefits, and records the file upload with its counts. Rows with
 * errors are skipped and reported; the rest load in one transaction.
 * @throws AppError `validation` (422) when a required column is missing
 */
export async function importMemberFile(
  db: Database,
  input: { fundId: number; fileName: string; content: string | Buffer },
): Promise<MemberFileImportResult> {
  const records: MemberFileRow[] = parse(input.content, {
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    skip_empty_lines: true,
    trim: true,
  });
  const firstRecord = records[0];
  const missing = firstRecord ? MEMBER_FILE_COLUMNS.filter((column) => !(column in firstRecord)) : [];
  if (missing.length > 0) {
    throw new AppError('validation', 'The member file is missing columns.', {
      file: [`Missing: ${missing.join(', ')}`],
    });
  }

  const valid: ValidRow[] = [];
  const errors: MemberFileImportResult['errors'] = [];
  records.forEach((record, index) => {
    const result = validateRow(record);
    if (typeof result === 'string') errors.push({ line: index + 2, message: result });
    else valid.push(result);
  });

  return db.transaction(async (tx) => {
    const [upload] = await tx
      .insert(fileUploads)
      .values({ fundId: input.fundId, kind: 'member_file', fileName: input.fileName, status: 'imported' })
      .returning({ id: fileUploads.id });
    if (!upload) throw new Error('insert returned no row');

    const uniquePersons = new Map(valid.map((row) => [row.person.idNumber, row.person]));
    const personIds = await upsertPersonsByIdNumber(tx as unknown as Database, [...uniquePersons.values()]);
    const benefitRows: BenefitFromFundData[] = valid.map((row) => ({
      fundId: input.fundId,
      personId: personIds.get(row.person.idNumber) as number,
      memberNumber: row.memberNumber,
      benefitType: row.benefitType,
      amountCents: row.amountCents,
      fileUploadId: upload.id,
    }));
    const importedCount = await recordBenefits(tx as unknown as Database, benefitRows);
    await tx
      .update(fileUploads)
      .set({ rowCount: records.length, importedCount, errorCount: errors.length })
      .where(eq(fileUploads.id, upload.id));
    return { fileUploadId: upload.id, rowCount: records.length, importedCount, errors };
  });
}
