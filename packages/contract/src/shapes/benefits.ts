import { z } from 'zod';
import { CLAIM_STATUSES } from '../claims.js';
import { zSaIdNumber } from '../rules/zod-rules.js';
import { listResponse } from './lists.js';

/** `GET /api/app/benefits/idNumber?idNumber=`: the anonymous search (spec 2 search, spec 7). */
// No schema id: used as a querystring, which OpenAPI cannot take by reference.
export const BenefitSearchQuery = z.object({ idNumber: zSaIdNumber() });
export type BenefitSearchQuery = z.input<typeof BenefitSearchQuery>;

/** Only how many unclaimed benefits wait: never names, funds, amounts or dates. */
export const BenefitSearchResponse = z
  .object({ totalBenefits: z.number().int().nonnegative() })
  .meta({ id: 'BenefitSearchResponse' });
export type BenefitSearchResponse = z.infer<typeof BenefitSearchResponse>;

/** Benefit statuses: `unclaimed` until a claim is submitted, `claimed` while one runs, `paid` at the end. */
export const BENEFIT_STATUSES = ['unclaimed', 'claimed', 'paid'] as const;

/** The fund that holds a benefit, as the member sees it. */
export const FundSummary = z
  .object({ id: z.number().int(), name: z.string(), registrationNumber: z.string() })
  .meta({ id: 'FundSummary' });
export type FundSummary = z.infer<typeof FundSummary>;

/** The member's own details as the claim's first step shows them (the ID number masked). */
export const PersonSummary = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    /** `*********4085`: the last four digits only */
    idNumberMasked: z.string(),
    /** YYYY-MM-DD */
    dateOfBirth: z.string(),
  })
  .meta({ id: 'PersonSummary' });
export type PersonSummary = z.infer<typeof PersonSummary>;

/** The state of a benefit's claim, where one exists. */
export const ClaimSummary = z
  .object({
    id: z.number().int(),
    status: z.enum(CLAIM_STATUSES),
    submittedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ClaimSummary' });
export type ClaimSummary = z.infer<typeof ClaimSummary>;

/** One of the member's benefits (`GET benefits`): fund, type, amount (cents), status, claim. */
export const MemberBenefitResponse = z
  .object({
    id: z.number().int(),
    fund: FundSummary,
    benefitType: z.string(),
    /** Gross amount in cents (ZAR). */
    amountCents: z.number().int(),
    status: z.enum(BENEFIT_STATUSES),
    claim: ClaimSummary.nullable(),
  })
  .meta({ id: 'MemberBenefitResponse' });
export type MemberBenefitResponse = z.infer<typeof MemberBenefitResponse>;

/** The member's benefits across funds, in the one list envelope (all on one page). */
export const MemberBenefitListResponse = listResponse(MemberBenefitResponse).meta({ id: 'MemberBenefitListResponse' });
export type MemberBenefitListResponse = z.infer<typeof MemberBenefitListResponse>;

/** `GET benefits/total`: the member's benefits counted and summed (cents). */
export const BenefitTotalResponse = z
  .object({
    totalBenefits: z.number().int(),
    totalAmountCents: z.number().int(),
    unclaimedBenefits: z.number().int(),
    unclaimedAmountCents: z.number().int(),
  })
  .meta({ id: 'BenefitTotalResponse' });
export type BenefitTotalResponse = z.infer<typeof BenefitTotalResponse>;

/** One fee as deducted (cents). */
export const PayoutFeeResponse = z
  .object({
    name: z.string(),
    kind: z.enum(['percentage', 'fixed']),
    basisPoints: z.number().int().nullable(),
    feeCents: z.number().int(),
    vatCents: z.number().int(),
    totalCents: z.number().int(),
  })
  .meta({ id: 'PayoutFeeResponse' });
export type PayoutFeeResponse = z.infer<typeof PayoutFeeResponse>;

/** Gross amount, each fee with VAT (15%), and the net payout (cents). */
export const PayoutResponse = z
  .object({
    grossAmountCents: z.number().int(),
    fees: z.array(PayoutFeeResponse),
    totalFeesCents: z.number().int(),
    netAmountCents: z.number().int(),
  })
  .meta({ id: 'PayoutResponse' });
export type PayoutResponse = z.infer<typeof PayoutResponse>;

/** `GET benefits/{id}/benefit`: the selected benefit (spec 3) with person, fund and the payout. */
export const BenefitResponse = MemberBenefitResponse.extend({
  person: PersonSummary,
  /** What the member would receive today, after the fund's fees. */
  payout: PayoutResponse,
  /**
   * Issue 21 item 2: the days of the fund's fast-track promise ("usually paid within N days") when
   * this benefit is at or under the fund's threshold; null otherwise.
   */
  fastTrackDays: z.number().int().nullable(),
}).meta({ id: 'BenefitResponse' });
export type BenefitResponse = z.infer<typeof BenefitResponse>;
