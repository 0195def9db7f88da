import { describe, expect, it } from 'vitest';
import { formatReferenceCode, normalizeMessageDestination, normalizeReferenceCode } from '../src/index.js';

describe('reference codes (issue 21 item 4)', () => {
  it.each([
    ['ABCD-EFGH', 'ABCDEFGH'],
    [' abcd efgh ', 'ABCDEFGH'],
    ['0ilo-2345', '01102345'],
    ['OOOO-1111', '00001111'],
  ])('reads %s as %s', (typed, code) => {
    expect(normalizeReferenceCode(typed)).toBe(code);
  });

  it.each(['ABCD-EFG', 'ABCD-EFGHJ', 'ABCD-EFGU', 'ABCD_EFGH', '', 'ABCD\u0000EFG'])('refuses %j', (typed) => {
    expect(normalizeReferenceCode(typed)).toBeNull();
  });

  it('shows a code in two groups of four', () => {
    expect(formatReferenceCode('ABCDEFGH')).toBe('ABCD-EFGH');
  });

  it('reads destinations as the messenger stores them', () => {
    expect(normalizeMessageDestination('082 123 4567')).toBe('+27821234567');
    expect(normalizeMessageDestination(' Nomsa@Example.CO.ZA ')).toBe('nomsa@example.co.za');
    expect(normalizeMessageDestination('not a number')).toBeNull();
    expect(normalizeMessageDestination('a@b')).toBeNull();
  });
});
