/**
 * The payout of a benefit after the fund's fees (issue 4 "Fees and payout"). Money in integer cents,
 * rates in basis points (DESIGN.md "Money"); no floating point touches an amount.
 */

/** South African VAT, in basis points (15%). */
export const VAT_RATE_BASIS_POINTS = 1500;

/**
 * One fee of a fund: a percentage of the gross amount, or a fixed amount, in effect between two
 * dates (issue 8 "Fees").
 */
export interface FeeRule {
  name: string;
  kind: 'percentage' | 'fixed';
  /** For `percentage`: basis points of the gross amount (250 = 2.5%). */
  basisPoints: number | null;
  /** For `fixed`: cents. */
  amountCents: number | null;
  /** VAT (VAT_RATE_BASIS_POINTS) is charged on this fee. */
  vatApplies: boolean;
  /**
   * With `vatApplies`: the rate or amount already includes the VAT (a fixed R115 fee is R100 + R15
   * VAT); without it (default) VAT is added on top (R100 + R15 = R115).
   */
  vatInclusive?: boolean;
  /** First day the fee applies (`YYYY-MM-DD`, South African date); null or absent: always has. */
  effectiveFrom?: string | null;
  /** Last day the fee applies, inclusive (`YYYY-MM-DD`); null or absent: no end. */
  effectiveTo?: string | null;
}

/** One fee as deducted: the fee, its VAT, and both together (cents). */
export interface PayoutFee {
  name: string;
  kind: 'percentage' | 'fixed';
  basisPoints: number | null;
  feeCents: number;
  vatCents: number;
  totalCents: number;
}

/** Gross amount, each fee with VAT, and what the member receives (cents). */
export interface Payout {
  grossAmountCents: number;
  fees: PayoutFee[];
  totalFeesCents: number;
  netAmountCents: number;
}

/** `amount * basisPoints / 10000`, rounded half up, in integer arithmetic. */
export function applyBasisPoints(amountCents: number, basisPoints: number): number {
  return Number((BigInt(amountCents) * BigInt(basisPoints) + 5000n) / 10000n);
}

/** The VAT inside an amount that includes it: `amount * 15 / 115`, rounded half up (cents). */
export function vatIncludedIn(amountCents: number): number {
  const divisor = BigInt(10000 + VAT_RATE_BASIS_POINTS);
  return Number((BigInt(amountCents) * BigInt(VAT_RATE_BASIS_POINTS) + divisor / 2n) / divisor);
}

/** The time zone fee dates are read in: a fee "from 1 March" starts at midnight in South Africa. */
export const FEE_TIME_ZONE = 'Africa/Johannesburg';

/** The South African calendar date (`YYYY-MM-DD`) of a moment, the day fees are looked up for. */
export function payoutDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: FEE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Whether a fee applies on a day (`YYYY-MM-DD`): on or after `effectiveFrom`, on or before `effectiveTo`. */
export function isFeeInEffect(rule: Pick<FeeRule, 'effectiveFrom' | 'effectiveTo'>, day: string): boolean {
  return (!rule.effectiveFrom || rule.effectiveFrom <= day) && (!rule.effectiveTo || rule.effectiveTo >= day);
}

/** The fee and its VAT before any cut (cents): VAT added on top, included, or none. */
function feeAndVat(rule: FeeRule, grossAmountCents: number): { feeCents: number; vatCents: number } {
  const base =
    rule.kind === 'percentage' ? applyBasisPoints(grossAmountCents, rule.basisPoints ?? 0) : (rule.amountCents ?? 0);
  if (!rule.vatApplies) return { feeCents: base, vatCents: 0 };
  if (rule.vatInclusive) {
    const vatCents = vatIncludedIn(base);
    return { feeCents: base - vatCents, vatCents };
  }
  return { feeCents: base, vatCents: applyBasisPoints(base, VAT_RATE_BASIS_POINTS) };
}

/**
 * Works out the payout (the one function for the member's fee screen, claim submission, invoices
 * and statements): each fee in effect on `on` (a date `YYYY-MM-DD` or a moment, read as a South
 * African date; default now), a percentage of the gross (basis points) or fixed (cents), with VAT
 * where it applies (added on top, or included in the amount), in the fund's order, rounded half up
 * to the cent. Fees never take more than the gross amount: a fee that would is cut to what is left,
 * so the net amount is never negative. A fund without fees in effect pays out in full.
 */
export function calculatePayout(
  grossAmountCents: number,
  rules: readonly FeeRule[],
  on: Date | string = new Date(),
): Payout {
  const day = typeof on === 'string' ? on : payoutDate(on);
  let remaining = grossAmountCents;
  const fees: PayoutFee[] = [];
  for (const rule of rules) {
    if (!isFeeInEffect(rule, day)) continue;
    let { feeCents, vatCents } = feeAndVat(rule, grossAmountCents);
    if (feeCents + vatCents > remaining) {
      // Cut the fee so that fee + VAT equals what is left.
      const divisor = rule.vatApplies ? 10000 + VAT_RATE_BASIS_POINTS : 10000;
      feeCents = Math.floor((remaining * 10000) / divisor);
      vatCents = remaining - feeCents;
      if (!rule.vatApplies) vatCents = 0;
      feeCents = remaining - vatCents;
    }
    remaining -= feeCents + vatCents;
    fees.push({
      name: rule.name,
      kind: rule.kind,
      basisPoints: rule.basisPoints,
      feeCents,
      vatCents,
      totalCents: feeCents + vatCents,
    });
  }
  return { grossAmountCents, fees, totalFeesCents: grossAmountCents - remaining, netAmountCents: remaining };
}
