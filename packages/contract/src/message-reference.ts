import { normalizePhoneNumber } from './phone-number.js';
import { email } from './rules/form-rules.js';

/**
 * Reference codes of outbound messages (issue 21 item 4, "Is this message from us?").
 * Plain functions, no Zod: the member app imports them.
 */

/**
 * Crockford's base 32: digits and capitals without I, L, O and U, so a code read aloud or copied
 * by hand has no look-alike characters (typed I/L count as 1, O as 0).
 */
export const REFERENCE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Characters of a reference code (40 random bits). */
export const REFERENCE_CODE_LENGTH = 8;

/** The longest reference code accepted as typed (spaces, hyphens): characters. */
export const REFERENCE_CODE_TYPED_MAX_LENGTH = 20;

/**
 * A reference code as typed (`abcd-efgh`, `ABCD EFGH`, `0I`-for-`01`) as stored: upper-case,
 * without spaces and hyphens, I and L read as 1, O as 0.
 * @returns the 8-character code, or null when it cannot be one
 */
export function normalizeReferenceCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (code.length !== REFERENCE_CODE_LENGTH) return null;
  for (const character of code) if (!REFERENCE_CODE_ALPHABET.includes(character)) return null;
  return code;
}

/** A stored code as the message shows it: `ABCD-EFGH`. */
export function formatReferenceCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * A phone number (as people type it in South Africa) or an email, as the messenger stores
 * destinations: E.164, or trimmed and lower-cased.
 * @returns the normalized destination, or null when it is neither
 */
export function normalizeMessageDestination(typed: string): string | null {
  const trimmed = typed.trim();
  if (trimmed.includes('@')) return email(trimmed) === true ? trimmed.toLowerCase() : null;
  return normalizePhoneNumber(trimmed);
}
