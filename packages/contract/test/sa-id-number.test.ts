import { describe, expect, it } from 'vitest';
import {
  buildSaIdNumber,
  luhnCheckDigit,
  maskSaIdNumber,
  parseSaIdNumber,
  SA_ID_NUMBER_MESSAGES,
  zSaIdNumber,
} from '../src/index.js';

const TODAY = new Date('2026-11-21T00:00:00Z');

describe('SA ID number parser', () => {
  it('parses a well-known valid number: date of birth, gender, citizenship', () => {
    expect(parseSaIdNumber('8001015009087', TODAY)).toEqual({
      valid: true,
      idNumber: '8001015009087',
      dateOfBirth: '1980-01-01',
      gender: 'male',
      citizenship: 'citizen',
    });
  });

  it('reads sequence below 5000 as female and citizenship 1 as permanent resident', () => {
    const id = buildSaIdNumber('1975-03-14', 234, 1);
    expect(parseSaIdNumber(id, TODAY)).toMatchObject({
      valid: true,
      gender: 'female',
      citizenship: 'permanent_resident',
    });
  });

  it('puts the date of birth in this century unless that is in the future', () => {
    expect(parseSaIdNumber(buildSaIdNumber('2005-06-30', 5500), TODAY)).toMatchObject({ dateOfBirth: '2005-06-30' });
    // 27-01-01 would be after 2026-11-21, so it is 1927.
    expect(parseSaIdNumber(buildSaIdNumber('1927-01-01', 5500), TODAY)).toMatchObject({ dateOfBirth: '1927-01-01' });
  });

  it('ignores spaces and hyphens people type', () => {
    expect(parseSaIdNumber('800101 5009 087', TODAY)).toMatchObject({ valid: true, idNumber: '8001015009087' });
    expect(parseSaIdNumber('800101-5009-087', TODAY)).toMatchObject({ valid: true });
  });

  it.each([
    ['too short', '800101500908', 'length'],
    ['too long', '80010150090870', 'length'],
    ['empty', '', 'length'],
    ['letters', '80010150090A7', 'digits'],
    ['letters and wrong length', 'abc', 'digits'],
    ['31 February', `${'800231'}5009087`, 'date'],
    ['month 13', '8013015009087', 'date'],
    ['day 00', '8001005009087', 'date'],
    ['citizenship digit 2', '8001015009287', 'citizenship'],
    ['bad check digit', '8001015009088', 'checksum'],
  ])('refuses %s', (_case, input, reason) => {
    const result = parseSaIdNumber(input, TODAY);
    expect(result).toMatchObject({ valid: false, reason });
    if (!result.valid) expect(result.message).toBe(SA_ID_NUMBER_MESSAGES[result.reason]);
  });

  it('accepts 29 February only in a leap year', () => {
    expect(parseSaIdNumber(buildSaIdNumber('2000-02-29', 5000), TODAY)).toMatchObject({ valid: true });
    // 1981 is not a leap year, and 2081 lies in the future.
    const payload = `810229500008`;
    expect(parseSaIdNumber(payload + luhnCheckDigit(payload), TODAY)).toMatchObject({ reason: 'date' });
  });

  it('refuses a date of birth in the future in both centuries', () => {
    const tomorrowOnly = buildSaIdNumber('2026-11-22', 5000);
    // 2026-11-22 is tomorrow; 1926-11-22 is in the past, so it parses as 1926.
    expect(parseSaIdNumber(tomorrowOnly, TODAY)).toMatchObject({ dateOfBirth: '1926-11-22' });
  });

  it('builds numbers whose check digit the parser accepts, and masks all but the last 4 digits', () => {
    const id = buildSaIdNumber('1990-07-21', 6711);
    expect(id).toHaveLength(13);
    expect(parseSaIdNumber(id, TODAY).valid).toBe(true);
    expect(maskSaIdNumber(id)).toBe(`*********${id.slice(-4)}`);
  });

  it('as a zod schema: returns the 13 digits or the reason as the issue message', () => {
    expect(zSaIdNumber().parse('800101 5009 087')).toBe('8001015009087');
    const failure = zSaIdNumber().safeParse('8001015009088');
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0]?.message).toBe(SA_ID_NUMBER_MESSAGES.checksum);
    expect(zSaIdNumber().safeParse(undefined).error?.issues[0]?.message).toBe('Field is required');
  });
});
