import { Metadata, PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** `+27` or `0` and the 9 digits of a South African national number: the shapes files mostly hold. */
const PLAIN_ZA_NUMBER = /^(?:\+27|0)([1-9]\d{8})$/;

/** What `Metadata` has besides its typed API (libphonenumber-js's `isValid` uses these two). */
interface MetadataPatterns {
  hasTypes?: () => boolean;
  nationalNumberPattern?: () => string;
}

/**
 * A South African national number's validity by the library's own metadata, compiled once: what
 * `PhoneNumber#isValid()` does for a country without per-type patterns (the `min` metadata), which
 * builds the same regular expression again on every call (an upload checks a million numbers).
 * `null` when the metadata has types or lacks these methods: then `isValid()` itself decides. The
 * contract's tests compare the quick path with parsing, number by number.
 */
const ZA_NATIONAL_NUMBER = ((): RegExp | null => {
  const metadata = new Metadata();
  metadata.selectNumberingPlan('ZA');
  const { hasTypes, nationalNumberPattern } = metadata as unknown as MetadataPatterns;
  if (typeof hasTypes !== 'function' || typeof nationalNumberPattern !== 'function') return null;
  if (hasTypes.call(metadata)) return null;
  return new RegExp(`^(?:${nationalNumberPattern.call(metadata)})$`);
})();

/**
 * Normalises a phone number as people type it in South Africa (`082 123 4567`, `+27 82 123 4567`,
 * `0027821234567`) to E.164 (`+27821234567`). Other countries' numbers with a `+` prefix are
 * accepted too. Returns `null` for anything that is not a valid number.
 */
export function normalizePhoneNumber(input: string): string | null {
  const text = input.trim();
  // Plain digits need no extraction from text: the same number and validity as parsing them
  // (tested against parsing), about a quarter of the time (an upload checks a million of them).
  const plain = PLAIN_ZA_NUMBER.exec(text);
  if (plain) {
    const national = plain[1] as string;
    if (ZA_NATIONAL_NUMBER) return ZA_NATIONAL_NUMBER.test(national) ? `+27${national}` : null;
    const number = new PhoneNumber(`+27${national}` as `+${string}`);
    return number.isValid() ? number.number : null;
  }
  const parsed = parsePhoneNumberFromString(text, 'ZA');
  return parsed?.isValid() ? parsed.number : null;
}

/** Shows a phone number with all but its last 3 digits hidden: `+27 ** *** *567`. */
export function maskPhoneNumber(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return `+${digits.slice(0, 2)} ** *** *${digits.slice(-3)}`;
}

/** Shows an email with most of its name hidden and the domain kept: `no***@example.co.za`. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, Math.min(2, Math.max(1, name.length - 1)))}***@${domain}`;
}
