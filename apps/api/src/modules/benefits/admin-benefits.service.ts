import {
  type AdminBenefitDetailResponse,
  type AdminBenefitListQuery,
  type AdminBenefitListResponse,
  type AdminBenefitResponse,
  CLAIM_MESSAGES,
  maskSaIdNumber,
  type StatusCountsResponse,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { cursorPage } from '../../platform/lists/cursor.js';
import { type AdminBenefitRow, findBenefitRow, listBenefitRows } from '../../queries/benefit-lists.js';
import { findCurrentClaimSummaries } from '../../queries/current-claims.js';
import { countByStatus } from './benefits.repository.js';

/** The person behind a benefit as staff lists show them: the ID number masked. */
export function toAdminPersonSummary(person: AdminBenefitRow['person']): AdminBenefitResponse['person'] {
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    idNumberMasked: maskSaIdNumber(person.idNumber),
  };
}

/** A benefit as staff lists show it: the person's ID number masked. */
export function toAdminBenefitResponse(row: AdminBenefitRow): AdminBenefitResponse {
  return {
    id: row.id,
    fund: row.fund,
    person: toAdminPersonSummary(row.person),
    memberNumber: row.memberNumber,
    benefitType: row.benefitType,
    amountCents: row.amountCents,
    status: row.status,
    dependantsProcessAt: row.dependantsProcessAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `GET /api/v1/benefits` (issue 9): benefits newest first (or oldest with `sort=id:asc`), filtered by
 * fund, status and created date, searched by ID number, member number or surname; cursor pages.
 * @throws AppError `validation` (422, `cursor`) for a cursor this server did not give
 */
export async function listBenefitsForStaff(
  db: Database,
  query: AdminBenefitListQuery,
): Promise<AdminBenefitListResponse> {
  return cursorPage(await listBenefitRows(db, query), query.pageSize, toAdminBenefitResponse);
}

/** `GET /api/v1/benefits/status`: benefits counted by status (optionally one fund's). */
export async function countBenefitsByStatus(db: Database, fundId?: number): Promise<StatusCountsResponse> {
  return toStatusCounts(await countByStatus(db, fundId));
}

/** Grouped counts as the `.../status` calls answer them: by status, and all together. */
export function toStatusCounts(rows: readonly { status: string; count: number }[]): StatusCountsResponse {
  const counts = Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  return { counts, total: rows.reduce((sum, row) => sum + Number(row.count), 0) };
}

/**
 * `GET /api/v1/benefits/{id}`: one benefit with its current claim; the view of a member's personal
 * data is audited (`benefits.viewed`).
 * @throws AppError `not_found` (404)
 */
export async function getBenefitForStaff(
  db: Database,
  benefitId: number,
  context: AuditContext,
): Promise<AdminBenefitDetailResponse> {
  const row = await findBenefitRow(db, benefitId);
  if (!row) throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound, undefined, { code: 'benefit_not_found' });
  await recordAudit(db, { ...context, action: 'benefits.viewed', entityType: 'benefits', entityId: row.id });
  const claims = await findCurrentClaimSummaries(db, [row.id]);
  return { ...toAdminBenefitResponse(row), claim: claims.get(row.id) ?? null };
}
