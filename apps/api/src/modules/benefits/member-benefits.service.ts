import {
  type BenefitResponse,
  type BenefitTotalResponse,
  CLAIM_MESSAGES,
  type ClaimSummary,
  calculatePayout,
  type MemberBenefitResponse,
  maskSaIdNumber,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findCurrentClaimSummaries } from '../../queries/current-claims.js';
import {
  findMemberBenefitRow,
  listMemberBenefitRows,
  type MemberBenefitRow,
  totalMemberBenefitRows,
} from '../../queries/member-benefits.js';
import { listFundFeeRules } from '../funds/index.js';

/** A benefit of the member with what the app and the claim rules need. */
export type MemberBenefit = MemberBenefitRow;

/**
 * The days of the fund's fast-track promise when the benefit's gross amount is at or under the
 * fund's threshold (issue 21 item 2), else null.
 */
export function fastTrackDaysFor(benefit: Pick<MemberBenefit, 'amountCents' | 'fastTrack'>): number | null {
  const { thresholdCents, days } = benefit.fastTrack;
  return thresholdCents !== null && days !== null && benefit.amountCents <= thresholdCents ? days : null;
}

function toMemberBenefitResponse(benefit: MemberBenefit, claim: ClaimSummary | undefined): MemberBenefitResponse {
  return {
    id: benefit.id,
    fund: benefit.fund,
    benefitType: benefit.benefitType,
    amountCents: benefit.amountCents,
    status: benefit.status,
    claim: claim ?? null,
  };
}

/**
 * The member's benefits across funds (issue 4 "My benefits"), largest first, each with its current
 * claim. Only benefits of the person behind this person user.
 */
export async function listMemberBenefits(db: Database, personUserId: number): Promise<MemberBenefitResponse[]> {
  const rows = await listMemberBenefitRows(db, personUserId);
  const claims = await findCurrentClaimSummaries(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toMemberBenefitResponse(row, claims.get(row.id)));
}

/** `GET benefits/total`: how many benefits the member has and their sum, all and unclaimed (cents). */
export async function totalMemberBenefits(db: Database, personUserId: number): Promise<BenefitTotalResponse> {
  return totalMemberBenefitRows(db, personUserId);
}

/**
 * One of the member's benefits. Another member's benefit, or none, is the same 404: ids reveal
 * nothing.
 * @throws AppError `not_found` (404)
 */
export async function findMemberBenefit(db: Database, personUserId: number, benefitId: number): Promise<MemberBenefit> {
  const row = await findMemberBenefitRow(db, personUserId, benefitId);
  if (!row) throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound, undefined, { code: 'benefit_not_found' });
  return row;
}

/**
 * `GET benefits/{id}/benefit`: the selected benefit (spec 3) with person (ID number masked), fund,
 * current claim and today's payout after the fund's fees.
 * @throws AppError `not_found` (404) for a benefit that is not the member's
 */
export async function getMemberBenefit(
  db: Database,
  personUserId: number,
  benefitId: number,
): Promise<BenefitResponse> {
  const benefit = await findMemberBenefit(db, personUserId, benefitId);
  const claims = await findCurrentClaimSummaries(db, [benefit.id]);
  return {
    ...toMemberBenefitResponse(benefit, claims.get(benefit.id)),
    person: {
      firstName: benefit.person.firstName,
      lastName: benefit.person.lastName,
      idNumberMasked: maskSaIdNumber(benefit.person.idNumber),
      dateOfBirth: benefit.person.dateOfBirth,
    },
    payout: calculatePayout(benefit.amountCents, await listFundFeeRules(db, benefit.fundId)),
    fastTrackDays: fastTrackDaysFor(benefit),
  };
}
