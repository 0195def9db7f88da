/**
 * Read model (issue 35 item 3): the staging rows a benefit or a person came from (issue 18), with
 * their upload (file_upload_rows and file_uploads, found through benefits and persons). Read only.
 */
import type { AdminSourceRowResponse, ListQuery } from '@bcp/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefits } from '../db/schema/benefits.js';
import { fileUploadRows, fileUploads } from '../db/schema/file-uploads.js';
import { persons } from '../db/schema/persons.js';
import { listPage } from '../platform/lists/list-page.js';

const sourceColumns = {
  upload: {
    id: fileUploads.id,
    fundId: fileUploads.fundId,
    kind: fileUploads.kind,
    fileName: fileUploads.fileName,
    status: fileUploads.status,
    createdAt: fileUploads.createdAt,
  },
  storedName: fileUploads.storedName,
  fileSize: fileUploads.fileSize,
  line: fileUploadRows.line,
  refused: fileUploadRows.refused,
  findings: fileUploadRows.findings,
  id_number: fileUploadRows.idNumber,
  first_name: fileUploadRows.firstName,
  last_name: fileUploadRows.lastName,
  member_number: fileUploadRows.memberNumber,
  benefit_type: fileUploadRows.benefitType,
  amount_cents: fileUploadRows.amountCents,
  email: fileUploadRows.email,
  phone_number: fileUploadRows.phoneNumber,
  date_of_exit: fileUploadRows.dateOfExit,
  date_of_birth: fileUploadRows.dateOfBirth,
  gender: fileUploadRows.gender,
  claim_reference: fileUploadRows.claimReference,
  payment_reference: fileUploadRows.paymentReference,
  paid_on: fileUploadRows.paidOn,
};

/** The staged values of a source row, by the staging column's name. */
export type StagedValueKey =
  | 'id_number'
  | 'first_name'
  | 'last_name'
  | 'member_number'
  | 'benefit_type'
  | 'amount_cents'
  | 'email'
  | 'phone_number'
  | 'date_of_exit'
  | 'date_of_birth'
  | 'gender'
  | 'claim_reference'
  | 'payment_reference'
  | 'paid_on';

/** A staging row with its upload (the stored file's name and size to read its cells again). */
export type StagedSourceRow = {
  upload: {
    id: number;
    fundId: number;
    kind: AdminSourceRowResponse['upload']['kind'];
    fileName: string | null;
    status: string;
    createdAt: Date;
  };
  storedName: string | null;
  fileSize: number | null;
  line: number;
  refused: boolean;
  findings: AdminSourceRowResponse['findings'] | null;
} & Record<StagedValueKey, string | number | null>;

/**
 * The row a benefit was last loaded from: the last valid line of its upload with its member number
 * and type. `benefit` undefined when there is no such benefit; `row` undefined when it did not come
 * from an upload or the row is gone.
 */
export async function findBenefitSourceRow(
  db: Database,
  benefitId: number,
): Promise<{ benefit?: { fileUploadId: number | null }; row?: StagedSourceRow }> {
  const [benefit] = await db
    .select({ fileUploadId: benefits.fileUploadId, memberNumber: benefits.memberNumber, type: benefits.benefitType })
    .from(benefits)
    .where(eq(benefits.id, benefitId));
  if (!benefit || benefit.fileUploadId === null) return { benefit };
  const [row] = await db
    .select(sourceColumns)
    .from(fileUploadRows)
    .innerJoin(fileUploads, eq(fileUploads.id, fileUploadRows.fileUploadId))
    .where(
      and(
        eq(fileUploadRows.fileUploadId, benefit.fileUploadId),
        eq(fileUploadRows.memberNumber, benefit.memberNumber),
        eq(fileUploadRows.benefitType, benefit.type),
        eq(fileUploadRows.refused, false),
      ),
    )
    .orderBy(desc(fileUploadRows.line))
    .limit(1);
  return { benefit, row: row as StagedSourceRow | undefined };
}

/**
 * A page of every staging row that named the person's ID number (newest upload first, then by
 * line), or undefined when there is no such person.
 */
export async function listPersonSourceRows(
  db: Database,
  personId: number,
  query: Pick<ListQuery, 'page' | 'pageSize'>,
) {
  const [person] = await db.select({ idNumber: persons.idNumber }).from(persons).where(eq(persons.id, personId));
  if (!person) return undefined;
  const where = eq(fileUploadRows.idNumber, person.idNumber);
  return listPage(query, {
    rows: (window) =>
      db
        .select(sourceColumns)
        .from(fileUploadRows)
        .innerJoin(fileUploads, eq(fileUploads.id, fileUploadRows.fileUploadId))
        .where(where)
        .orderBy(desc(fileUploadRows.fileUploadId), fileUploadRows.line)
        .limit(window.limit)
        .offset(window.offset),
    count: async () => db.$count(fileUploadRows, where),
    toItem: (row) => row as StagedSourceRow,
  });
}
