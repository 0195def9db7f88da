import {
  BANK_ACCOUNT_TYPE_LABELS,
  ENUM_LABELS,
  fieldLabel,
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  rawEnumCodes,
} from '@bcp/contract';
import { describe, expect, it } from 'vitest';
import {
  formatAuditValue,
  formatDate,
  formatDatesInText,
  formatDateTime,
  formatFieldValue,
  formatMoney,
  todayInSouthAfrica,
} from '../src/lib/format';

/** Non-breaking space, as en-ZA separates the rand sign and thousands. */
const NBSP = '\u00a0';

// Issue 38 item 4 "One format": the back office's dates, times and money, whatever the machine's zone.
describe('formatDateTime', () => {
  it('shows a moment in South African time as `26 Nov 2026, 19:05`', () => {
    expect(formatDateTime('2026-11-26T17:05:05.123Z')).toBe('26 Nov 2026, 19:05');
    expect(formatDateTime('2026-11-26T19:05:05+02:00')).toBe('26 Nov 2026, 19:05');
    expect(formatDateTime(new Date('2026-01-02T03:04:00Z'))).toBe('2 Jan 2026, 05:04');
    expect(formatDateTime(Date.UTC(2026, 8, 30, 21, 59))).toBe('30 Sep 2026, 23:59');
  });

  it('moves to the next day when UTC evening is past midnight in South Africa', () => {
    expect(formatDateTime('2026-12-31T22:30:00Z')).toBe('1 Jan 2027, 00:30');
  });

  it('shows the fallback for a missing value and an unreadable value as it is', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined, 'never')).toBe('never');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as that day, in no zone', () => {
    expect(formatDate('2026-11-26')).toBe('26 Nov 2026');
    expect(formatDate('2026-03-01')).toBe('1 Mar 2026');
  });

  it('shows a moment as its day in South Africa', () => {
    expect(formatDate('2026-11-26T23:30:00Z')).toBe('27 Nov 2026');
    expect(formatDate('2026-11-26T21:59:00Z')).toBe('26 Nov 2026');
  });

  it('shows the fallback for a missing value', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(null, 'always')).toBe('always');
  });
});

describe('todayInSouthAfrica', () => {
  it('is a calendar date, for fields and file names (not for showing)', () => {
    expect(todayInSouthAfrica()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('formatMoney', () => {
  it('shows cents as South African rand: `R 12 480,50` with non-breaking spaces', () => {
    expect(formatMoney(1_248_050)).toBe(`R${NBSP}12${NBSP}480,50`);
    expect(formatMoney(469_810)).toBe(`R${NBSP}4${NBSP}698,10`);
    expect(formatMoney(9_635)).toBe(`R${NBSP}96,35`);
    expect(formatMoney(0)).toBe(`R${NBSP}0,00`);
    expect(formatMoney(123_456_789)).toBe(`R${NBSP}1${NBSP}234${NBSP}567,89`);
  });

  it('shows a negative amount with its sign and a missing one as the fallback', () => {
    expect(formatMoney(-500)).toBe(`-R${NBSP}5,00`);
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(undefined, 'none')).toBe('none');
  });
});

describe('formatFieldValue', () => {
  it("shows an uploaded row's amounts as money, its dates as dates and the rest as it is", () => {
    expect(formatFieldValue('amount_cents', 345_000)).toBe(`R${NBSP}3${NBSP}450,00`);
    expect(formatFieldValue('date_of_exit', '2019-06-30')).toBe('30 Jun 2019');
    expect(formatFieldValue('member_number', 'M1000099')).toBe('M1000099');
    expect(formatFieldValue('email', null)).toBe('—');
  });
});

describe('formatDatesInText', () => {
  it('shows the ISO dates in a stored text as dates, and not those inside a file name', () => {
    expect(formatDatesInText('Tracing fees: claim 3, member number PW-1, paid 2026-11-27')).toBe(
      'Tracing fees: claim 3, member number PW-1, paid 27 Nov 2026',
    );
    expect(formatDatesInText('members-2026-11-27.csv')).toBe('members-2026-11-27.csv');
  });
});

describe('formatAuditValue', () => {
  it("shows the audit words' UTC times and dates in this format, and other words as they are", () => {
    expect(formatAuditValue('2026-11-26 10:11 UTC')).toBe('26 Nov 2026, 12:11');
    expect(formatAuditValue('2026-11-26')).toBe('26 Nov 2026');
    expect(formatAuditValue('in review')).toBe('in review');
    expect(formatAuditValue('EMAIL')).toBe('Email');
    expect(formatAuditValue('SAVINGS, CHEQUE')).toBe('Savings account, Cheque / current account');
    expect(formatAuditValue(null)).toBe('—');
  });
});

describe("the contract's labels", () => {
  it('give raw codes words', () => {
    expect(BANK_ACCOUNT_TYPE_LABELS.SAVINGS).toBe('Savings account');
    expect(fieldLabel('id_number')).toBe('ID number');
    expect(fieldLabel('member_number')).toBe('Member number');
    expect(fieldLabel('date_of_birth')).toBe('Date of birth');
    expect(ENUM_LABELS.claimStatus.in_review).toBe('In review');
  });

  it('describe every permission in words', () => {
    for (const permission of PERMISSIONS) {
      expect(PERMISSION_DESCRIPTIONS[permission], permission).toMatch(/^[A-Z].{10,}\.$/);
      expect(PERMISSION_DESCRIPTIONS[permission]).not.toContain(permission);
    }
  });

  it('list the codes the browser tests refuse in a table, and no plain word', () => {
    const codes = rawEnumCodes();
    expect(codes).toEqual(
      expect.arrayContaining(['SAVINGS', 'in_review', 'id_number', 'funds.write', 'awaiting_file', 'id_validation']),
    );
    for (const word of ['paid', 'SMS', 'active', 'Savings account']) expect(codes).not.toContain(word);
  });
});
