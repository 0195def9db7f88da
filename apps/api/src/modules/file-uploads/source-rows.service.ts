import {
  type AdminSourceRowListResponse,
  type AdminSourceRowResponse,
  CLAIM_MESSAGES,
  type ListQuery,
  PERSON_ADMIN_MESSAGES,
} from '@bcp/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefits, fileUploadRows, fileUploads, persons } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage } from '../../platform/lists/list-page.js';

const sourceColumns = {
  upload: {
    id: fileUploads.id,
    fundId: fileUploads.fundId,
    kind: fileUploads.kind,
    fileName: fileUploads.fileName,
    status: fileUploads.status,
    createdAt: fileUploads.createdAt,
  },
  line: fileUploadRows.line,
  refused: fileUploadRows.refused,
  values: fileUploadRows.values,
  cells: fileUploadRows.cells,
  findings: fileUploadRows.findings,
};

type SourceRow = {
  upload: { id: number; fundId: number; kind: AdminSourceRowResponse['upload']['kind']; fileName: string | null };
} & {
  upload: { status: string; createdAt: Date };
  line: number;
  refused: boolean;
  values: Record<string, string | number | null>;
  cells: string[];
  findings: AdminSourceRowResponse['findings'];
};

function toSourceRowResponse(row: SourceRow): AdminSourceRowResponse {
  return { ...row, upload: { ...row.upload, createdAt: row.upload.createdAt.toISOString() } };
}

/**
 * `GET /api/v1/benefits/{id}/source` (issue 18): the upload and the row the benefit was last loaded
 * from (the last line of the file with its member number and type, as the accept loads it), with
 * the original cells. Audited (`benefits.source-viewed`): the row holds personal data.
 * @throws AppError `not_found` (404): no benefit, or it did not come from an uploaded file
 */
export async function getBenefitSourceForStaff(
  db: Database,
  benefitId: number,
  context: AuditContext,
): Promise<AdminSourceRowResponse> {
  const [benefit] = await db
    .select({ fileUploadId: benefits.fileUploadId, memberNumber: benefits.memberNumber, type: benefits.benefitType })
    .from(benefits)
    .where(eq(benefits.id, benefitId));
  if (!benefit) throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound);
  if (benefit.fileUploadId === null) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.sourceNotFound);
  const [row] = await db
    .select(sourceColumns)
    .from(fileUploadRows)
    .innerJoin(fileUploads, eq(fileUploads.id, fileUploadRows.fileUploadId))
    .where(
      and(
        eq(fileUploadRows.fileUploadId, benefit.fileUploadId),
        sql`${fileUploadRows.values}->>'member_number' = ${benefit.memberNumber}`,
        sql`${fileUploadRows.values}->>'benefit_type' = ${benefit.type}`,
        eq(fileUploadRows.refused, false),
      ),
    )
    .orderBy(desc(fileUploadRows.line))
    .limit(1);
  if (!row) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.sourceNotFound);
  await recordAudit(db, {
    ...context,
    action: 'benefits.source-viewed',
    entityType: 'benefits',
    entityId: benefitId,
  });
  return toSourceRowResponse(row as SourceRow);
}

/**
 * `GET /api/v1/benefits/person/source/{id}` (issue 18): every row of every upload that named the
 * person's ID number (member files and trace results, refused rows too), newest upload first, in
 * the one list envelope. Audited (`persons.source-viewed`).
 * @throws AppError `not_found` (404) when there is no such person
 */
export async function listPersonSourceRowsForStaff(
  db: Database,
  personId: number,
  query: Pick<ListQuery, 'page' | 'pageSize'>,
  context: AuditContext,
): Promise<AdminSourceRowListResponse> {
  const [person] = await db.select({ idNumber: persons.idNumber }).from(persons).where(eq(persons.id, personId));
  if (!person) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.personNotFound);
  const where = sql`${fileUploadRows.values}->>'id_number' = ${person.idNumber}`;
  const page = await listPage(query, {
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
    toItem: (row) => toSourceRowResponse(row as SourceRow),
  });
  await recordAudit(db, { ...context, action: 'persons.source-viewed', entityType: 'persons', entityId: personId });
  return page;
}
