import { describe, expect, it } from 'vitest';
import { centsToRandString, formatRand, randToCents } from '../src/index.js';

describe('money in cents', () => {
  it('parses rand amounts without floating-point error', () => {
    expect(randToCents('12480.50')).toBe(1_248_050);
    expect(randToCents('96.35')).toBe(9635);
    expect(randToCents('0.1')).toBe(10);
    expect(randToCents('100')).toBe(10_000);
    expect(randToCents('1.005')).toBeNull();
    expect(randToCents('-5')).toBeNull();
    expect(randToCents('1,000.00')).toBeNull();
  });

  it('writes cents back as a rand string, and formats for people', () => {
    expect(centsToRandString(1_248_050)).toBe('12480.50');
    expect(centsToRandString(5)).toBe('0.05');
    expect(formatRand(1_248_050)).toMatch(/^R\s?12\s?480,50$/);
  });
});
