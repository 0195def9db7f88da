/**
 * Money is integer cents (ZAR) everywhere (DESIGN.md "Money"). These helpers convert at the edges.
 */

/**
 * Parses a rand amount written with a dot and up to two decimals (`"1234.5"`, `"96.35"`, `"100"`)
 * into cents, without floating-point arithmetic. Returns `null` for anything else (negative,
 * thousands separators, more than two decimals).
 */
export function randToCents(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, rands = '0', fraction = ''] = match;
  return Number(rands) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Writes cents as a plain rand amount with two decimals (`123456` -> `"1234.56"`), for files. */
export function centsToRandString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * Formats cents for people in South Africa: `R 12 480,50` (en-ZA, the default; also af-ZA), or in
 * another locale such as `zu-ZA` (`R12,480.50`; see `formatLocale` in languages.ts).
 */
export function formatRand(cents: number, locale = 'en-ZA'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'ZAR' }).format(cents / 100);
}
