import {
  type AdminBenefitDetailResponse,
  type AdminBenefitEditRequest,
  CLAIM_MESSAGES,
  PERSON_ADMIN_MESSAGES,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findCurrentClaim } from '../../queries/current-claims.js';
import { getBenefitForStaff } from './admin-benefits.service.js';
import { lockBenefit, updateBenefit } from './benefits.repository.js';

/** Claim statuses during which a benefit is not corrected: the member accepted its payout, or it is decided. */
const IN_FLIGHT = new Set(['submitted', 'in_review', 'information_requested', 'approved']);

/**
 * `PATCH /api/v1/benefits/edit/{id}` (issue 18): corrects a benefit's gross amount (cents), type or
 * status, with the reason, audited (`benefits.corrected`, before and after). The benefit row is
 * locked while its claim is checked, so a claim cannot be submitted in between.
 * @throws AppError `not_found` (404); `conflict` (409) while its claim is submitted, in review or
 *   approved, or when the new type repeats another benefit of the member at the fund
 */
export async function editBenefitForStaff(
  db: Database,
  benefitId: number,
  request: AdminBenefitEditRequest,
  context: AuditContext,
): Promise<AdminBenefitDetailResponse> {
  const { reason, ...changes } = request;
  await db.transaction(async (tx) => {
    const before = await lockBenefit(tx, benefitId);
    if (!before)
      throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound, undefined, { code: 'benefit_not_found' });
    const claim = await findCurrentClaim(tx, benefitId);
    if (claim && IN_FLIGHT.has(claim.status)) throw new AppError('conflict', PERSON_ADMIN_MESSAGES.claimInFlight);
    // A type that repeats another benefit of the member at the fund is a unique violation: 409.
    const after = await updateBenefit(tx, benefitId, changes);
    const fields = (row: typeof before) => ({
      amountCents: row.amountCents,
      benefitType: row.benefitType,
      status: row.status,
    });
    await recordAudit(tx, {
      ...context,
      action: 'benefits.corrected',
      entityType: 'benefits',
      entityId: benefitId,
      before: { ...fields(before), reason: null },
      after: { ...fields(after ?? before), reason },
    });
  });
  return getBenefitForStaff(db, benefitId, context);
}
