import {
  type AdminClaimListQuery,
  type AdminClaimQueueItemResponse,
  type AdminClaimQueueResponse,
  type AdminClaimResponse,
  CLAIM_MESSAGES,
  type FastTrackDecisionResponse,
  type StatusCountsResponse,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { cursorPage } from '../../platform/lists/cursor.js';
import { LARGE_TOTAL_ROWS, listTotal } from '../../platform/lists/list-page.js';
import { findClaimAssignee, keyedOrder, toAssignee } from '../../queries/claim-queue.js';
import { findCurrentClaim } from '../../queries/current-claims.js';
import {
  type ClaimListRow,
  claimListFilter,
  claimReviewRow,
  claimRowsById,
  claimRowsByKey,
  countClaimRows,
  countClaimRowsByStatus,
  estimateClaimSearchRows,
} from '../../queries/staff-claim-list.js';
import { toAdminBenefitResponse, toAdminPersonSummary, toStatusCounts } from '../benefits/index.js';
import { describeClaimApproval } from './approval-checks.service.js';
import { toBankMatchResponse } from './bank-match.service.js';
import { findClaimById } from './benefit-claims.repository.js';
import { describeClaim } from './benefit-claims.service.js';
import { listInformationRequests } from './claim-information.service.js';
import { listClaimProcessSteps } from './claim-process-steps.service.js';
import { approvalSubject } from './four-eyes.service.js';
import { toClaimRiskResponse } from './risk-signals.service.js';

function toAdminClaimSummary(row: ClaimListRow): AdminClaimQueueItemResponse {
  return {
    id: row.id,
    benefitId: row.benefitId,
    status: row.claimStatus,
    fund: row.fund,
    person: toAdminPersonSummary(row.person),
    amountCents: row.amountCents,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    riskFlagCount: row.riskFlagCount,
    assignee: toAssignee(row),
  };
}

/**
 * `GET /api/v1/benefits/claims` (issue 9): claims newest first, filtered by fund, status,
 * submission date and gross amount, searched like benefits; cursor pages. Drafts are the member's own business and
 * are left out unless asked for with `filter[status]=draft`. `scope.fundIds` limits the list to
 * those funds (the partner API). Issue 36: each claim with its risk flags' number and assignee;
 * `filter[flagged]`, `filter[assignee]` (`me`: `scope.callerId`) and `sort=riskFlagCount:desc`
 * (most flagged first, then newest). Issue 38 item 3: `sort=submittedAt` and `sort=amountCents`
 * (gross), each paged on (key, id); `scope.count` adds `total`, counted as offset lists count
 * (`listTotal`): exact below `LARGE_TOTAL_ROWS`, beyond kept a while and marked `totalEstimated`;
 * a search by a surname that many claims have (planner's estimate at least
 * `ESTIMATED_TOTAL_FROM_ROWS`) answers that estimate, marked `totalEstimated` (decision 072).
 * @throws AppError `validation` (422, `cursor`)
 */
export async function listClaimsForStaff(
  db: Database,
  query: AdminClaimListQuery,
  scope: { fundIds?: number[]; callerId?: number; count?: boolean } = {},
): Promise<AdminClaimQueueResponse> {
  const direction = query.sort[0]?.direction ?? 'desc';
  const field = query.sort[0]?.field ?? 'id';
  const filter = claimListFilter(query, scope);
  let page: AdminClaimQueueResponse;
  if (field !== 'id') {
    const order = keyedOrder(field, direction, query.cursor);
    const rows = await claimRowsByKey(db, filter, order, query.pageSize + 1);
    const result = cursorPage(rows, query.pageSize, toAdminClaimSummary);
    const last = rows[query.pageSize - 1];
    page = { ...result, nextCursor: result.nextCursor && last ? order.nextCursor(last) : null };
  } else {
    const rows = await claimRowsById(
      db,
      filter,
      { direction, cursor: query.cursor, leadByStatus: Boolean(query.filter?.status) },
      query.pageSize + 1,
    );
    page = cursorPage(rows, query.pageSize, toAdminClaimSummary);
  }
  if (!scope.count) return page;
  const key = `claims:${JSON.stringify(query.filter ?? {})}:${query.q ?? ''}:${scope.callerId ?? ''}`;
  const estimate = await estimateClaimSearchRows(db, query, scope);
  if (estimate !== undefined) return { ...page, total: estimate, totalEstimated: true };
  const total = await listTotal({ scope: db, key }, () => countClaimRows(db, filter));
  return { ...page, total, ...(total >= LARGE_TOTAL_ROWS ? { totalEstimated: true } : {}) };
}

/** `GET /api/v1/benefits/claims/status`: claims counted by status (optionally one fund's). */
export async function countClaimsByStatus(db: Database, fundId?: number): Promise<StatusCountsResponse> {
  const rows = await countClaimRowsByStatus(db, fundId);
  return toStatusCounts(rows);
}

/**
 * One claim for review (issue 9): the member with full ID number and contacts, the benefit, the
 * bank account (masked), documents' metadata, payout and timeline. Every view is audited
 * (`claims.viewed`): it shows a member's personal data.
 * @throws AppError `not_found` (404)
 */
export async function getClaimForStaff(
  db: Database,
  claimId: number,
  context: AuditContext,
): Promise<AdminClaimResponse> {
  const claim = await findClaimById(db, claimId);
  if (!claim) throw new AppError('not_found', 'Claim not found.', undefined, { code: 'claim_not_found' });
  const row = await claimReviewRow(db, claim.benefitId, claim.personUserId);
  if (!row) throw new AppError('not_found', 'Claim not found.', undefined, { code: 'claim_not_found' });
  const { documentKinds: _kinds, ...details } = await describeClaim(db, claim, {
    amountCents: row.amountCents,
    fundId: row.fund.id,
  });
  await recordAudit(db, { ...context, action: 'claims.viewed', entityType: 'claims', entityId: claim.id });
  return {
    id: claim.id,
    status: claim.status,
    benefit: toAdminBenefitResponse(row),
    claimant: {
      personId: row.person.id,
      personUserId: row.claimant.personUserId,
      firstName: row.person.firstName,
      lastName: row.person.lastName,
      idNumber: row.person.idNumber,
      dateOfBirth: row.claimant.dateOfBirth,
      email: row.claimant.email,
      phoneNumber: row.claimant.phoneNumber,
      iidentifiiVerified: row.claimant.iidentifiiVerified,
    },
    submittedAt: claim.submittedAt?.toISOString() ?? null,
    decidedAt: claim.decidedAt?.toISOString() ?? null,
    paidAt: claim.paidAt?.toISOString() ?? null,
    rejectionReason: claim.rejectionReason,
    paymentReference: claim.paymentReference,
    bankMatch: toBankMatchResponse(claim),
    processSteps: await listClaimProcessSteps(db, claim.id),
    informationRequests: await listInformationRequests(db, claim.id),
    fastTrack: (claim.fastTrack as FastTrackDecisionResponse | null) ?? null,
    risk: toClaimRiskResponse(claim),
    assignee: await findClaimAssignee(db, claim),
    approval: await describeClaimApproval(db, claim, await approvalSubject(db, claim)),
    ...details,
  };
}

/**
 * `GET /api/v1/benefits/{id}/claim`: the benefit's current claim for review (audited as above).
 * @throws AppError `not_found` (404) when the benefit has no claim
 */
export async function getBenefitClaimForStaff(
  db: Database,
  benefitId: number,
  context: AuditContext,
): Promise<AdminClaimResponse> {
  const claim = await findCurrentClaim(db, benefitId);
  if (!claim) throw new AppError('not_found', CLAIM_MESSAGES.claimNotFound, undefined, { code: 'claim_not_found' });
  return getClaimForStaff(db, claim.id, context);
}
