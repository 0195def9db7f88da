import { describe, expect, it } from 'vitest';
import { canMoveClaim, claimStepStates } from '../src/claims.js';
import {
  applyBasisPoints,
  calculatePayout,
  isFeeInEffect,
  payoutDate,
  VAT_RATE_BASIS_POINTS,
  vatIncludedIn,
} from '../src/payout.js';

describe('issue 4 "Fees and payout": calculatePayout', () => {
  it('pays a fund without fees in full', () => {
    expect(calculatePayout(9_635, [])).toEqual({
      grossAmountCents: 9_635,
      fees: [],
      totalFeesCents: 0,
      netAmountCents: 9_635,
    });
  });

  it('adds VAT at 15% to a percentage fee, rounding half up to the cent', () => {
    expect(VAT_RATE_BASIS_POINTS).toBe(1500);
    const payout = calculatePayout(18_620, [
      { name: 'Tracing', kind: 'percentage', basisPoints: 250, amountCents: null, vatApplies: true },
    ]);
    // 2.5% of R186.20 = R4.655 -> 466 cents; VAT 15% of 466 = 69.9 -> 70 cents.
    expect(payout.fees).toEqual([
      { name: 'Tracing', kind: 'percentage', basisPoints: 250, feeCents: 466, vatCents: 70, totalCents: 536 },
    ]);
    expect(payout.netAmountCents).toBe(18_620 - 536);
  });

  it('never takes more than the gross: a fixed fee larger than a small benefit is cut to what is left', () => {
    const payout = calculatePayout(1_000, [
      { name: 'Admin', kind: 'fixed', basisPoints: null, amountCents: 5_000, vatApplies: true },
    ]);
    expect(payout.netAmountCents).toBe(0);
    expect(payout.totalFeesCents).toBe(1_000);
    expect((payout.fees[0]?.feeCents ?? 0) + (payout.fees[0]?.vatCents ?? 0)).toBe(1_000);
  });

  it('works in integers for large amounts', () => {
    expect(applyBasisPoints(99_999_999_999, 1)).toBe(10_000_000);
  });
});

describe('issue 4 claim moves and steps', () => {
  it('allows draft -> submitted -> in_review -> approved | rejected -> paid, and nothing else', () => {
    expect(canMoveClaim('draft', 'submitted')).toBe(true);
    expect(canMoveClaim('submitted', 'in_review')).toBe(true);
    expect(canMoveClaim('in_review', 'approved')).toBe(true);
    expect(canMoveClaim('in_review', 'rejected')).toBe(true);
    expect(canMoveClaim('approved', 'paid')).toBe(true);
    expect(canMoveClaim('draft', 'approved')).toBe(false);
    expect(canMoveClaim('rejected', 'submitted')).toBe(false);
    expect(canMoveClaim('paid', 'approved')).toBe(false);
  });

  it('makes the first step not done the current one, steps before it done, after it todo', () => {
    const states = claimStepStates({
      'personal-details': true,
      'bank-account': false,
      documents: true,
      fees: false,
      declaration: false,
      submit: false,
    });
    expect(states.map((step) => step.state)).toEqual(['done', 'current', 'done', 'todo', 'todo', 'todo']);
  });
});

describe('issue 8 "Fees": VAT-inclusive fees, rounding and effective dates', () => {
  const tracing = {
    name: 'Tracing',
    kind: 'percentage',
    basisPoints: 250,
    amountCents: null,
    vatApplies: true,
  } as const;

  it('a VAT-inclusive fee keeps its amount and shows the VAT inside it (15/115, rounded half up)', () => {
    expect(vatIncludedIn(11_500)).toBe(1_500);
    // 15/115 of R1.00 = 13.04 cents -> 13; of R0.04 = 0.52 -> 1 (half up); of R0.03 = 0.39 -> 0.
    expect([vatIncludedIn(100), vatIncludedIn(4), vatIncludedIn(3)]).toEqual([13, 1, 0]);
    const payout = calculatePayout(100_000, [
      { name: 'Admin', kind: 'fixed', basisPoints: null, amountCents: 11_500, vatApplies: true, vatInclusive: true },
    ]);
    expect(payout.fees[0]).toMatchObject({ feeCents: 10_000, vatCents: 1_500, totalCents: 11_500 });
    expect(payout.netAmountCents).toBe(88_500);
  });

  it('the same rate adds VAT on top unless inclusive; no VAT when it does not apply', () => {
    const on = '2026-06-01';
    // 2.5% of R3,450.00 = R86.25; VAT on top 15% = R12.9375 -> R12.94.
    expect(calculatePayout(345_000, [tracing], on).fees[0]).toMatchObject({ feeCents: 8_625, vatCents: 1_294 });
    expect(calculatePayout(345_000, [tracing], on).netAmountCents).toBe(335_081);
    // Included: R86.25 of which VAT 15/115 = R11.25.
    expect(calculatePayout(345_000, [{ ...tracing, vatInclusive: true }], on).fees[0]).toMatchObject({
      feeCents: 7_500,
      vatCents: 1_125,
      totalCents: 8_625,
    });
    expect(calculatePayout(345_000, [{ ...tracing, vatApplies: false }], on).fees[0]).toMatchObject({
      feeCents: 8_625,
      vatCents: 0,
    });
  });

  it('rounds each percentage to the cent, half up: 0.5 cent goes up, 0.49 down', () => {
    // 2.5% of 20 cents = 0.5 -> 1; of 19 cents = 0.475 -> 0.
    expect(applyBasisPoints(20, 250)).toBe(1);
    expect(applyBasisPoints(19, 250)).toBe(0);
    const payout = calculatePayout(20, [{ ...tracing, vatApplies: false }], '2026-01-01');
    expect(payout).toMatchObject({ totalFeesCents: 1, netAmountCents: 19 });
  });

  it('applies only the fees in effect on the day: from and to are inclusive, open ends are always', () => {
    const old = { ...tracing, name: 'Old', effectiveFrom: '2025-01-01', effectiveTo: '2025-12-31' };
    const current = { ...tracing, name: 'New', basisPoints: 300, effectiveFrom: '2026-01-01', effectiveTo: null };
    const always = { name: 'Admin', kind: 'fixed', basisPoints: null, amountCents: 500, vatApplies: false } as const;
    const names = (on: string) => calculatePayout(100_000, [old, current, always], on).fees.map((fee) => fee.name);
    expect(names('2024-12-31')).toEqual(['Admin']);
    expect(names('2025-01-01')).toEqual(['Old', 'Admin']);
    expect(names('2025-12-31')).toEqual(['Old', 'Admin']);
    expect(names('2026-01-01')).toEqual(['New', 'Admin']);
    expect(isFeeInEffect({ effectiveFrom: null, effectiveTo: '2026-01-01' }, '2026-01-02')).toBe(false);
  });

  it('reads a moment as the South African date: 23:30 UTC on 31 December is already 1 January', () => {
    expect(payoutDate(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(payoutDate(new Date('2025-12-31T21:59:00Z'))).toBe('2025-12-31');
    const lateNewYearsEve = new Date('2025-12-31T22:30:00Z');
    const fee = { ...tracing, effectiveFrom: '2026-01-01' };
    expect(calculatePayout(100_000, [fee], lateNewYearsEve).fees).toHaveLength(1);
  });
});
