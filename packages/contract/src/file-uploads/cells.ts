import { isThirteenDigits, parseSaIdNumber, type SaIdNumberParseResult } from '../id-number/sa-id-number.js';
import { normalizePhoneNumber } from '../phone-number.js';
import { email as emailRule } from '../rules/form-rules.js';

/**
 * The checks of one cell of an uploaded file (issue 16 rule 4), with their messages. A finding
 * is an `error` (the row is refused) or a `warning` (the row is kept, the finding shown for review).
 */
export type RowFindingLevel = 'error' | 'warning';
export interface RowFinding {
  level: RowFindingLevel;
  /** The target field key, or `row` for the whole row. */
  field: string;
  message: string;
}

/** Every message a row can get, spelled once (server, back office and tests use these). */
export const ROW_MESSAGES = {
  requiredMissing: (label: string) => `${label} is required.`,
  tooLong: (label: string, max: number) => `${label} is longer than ${max} characters.`,
  idScientific:
    'The ID number is in scientific notation (e.g. 8.00101E+12): Excel turned it into a number and lost digits. Format the column as text and export again.',
  idPadded: 'The ID number had 12 digits; a leading 0 was added (born 2000-2009, Excel drops the first 0).',
  amount: 'Amount must be a positive rand amount such as 12480.50, 12 480,50 or R1 234.',
  email: 'The email address is not valid; it was left out.',
  phoneNumber: 'The mobile number is not a South African number; it was left out.',
  date: 'Use a date as YYYY-MM-DD (e.g. 2019-03-31), not in the future.',
  duplicateRow: (line: number) => `The same row is in the file already (line ${line}).`,
  benefitKnown: (from: string, to: string) =>
    `This fund already has this benefit for the member number and type: amount ${from} becomes ${to} on accept.`,
  namesDiffer: 'The names differ from the person already known for this ID number; check before accepting.',
  claimNotFound: 'No claim has this reference.',
  claimNotApproved: (status: string) => `The claim is ${status}, not approved, so it cannot be marked paid.`,
  personUnknown: 'No person with this ID number is known; trace results update known persons only.',
} as const;

const SCIENTIFIC = /^\d+(?:[.,]\d+)?E\+?\d+$/i;

/**
 * Reads an ID number cell, with the Excel traps: scientific notation is an error; 12 digits that
 * become a valid ID of someone born 2000-2009 with a leading 0 are padded, with a warning.
 * @returns the 13 digits with the date of birth and gender read from them, and any findings (an
 *   `error` finding when the ID cannot be used)
 */
export function readIdNumberCell(
  cell: string,
  today: Date = new Date(),
): { idNumber?: string; dateOfBirth?: string; gender?: 'female' | 'male'; findings: RowFinding[] } {
  const text = cell.trim();
  // 13 digits as they are (most cells) are neither Excel trap: straight to the ID number's rules.
  if (isThirteenDigits(text)) return idNumberOf(parseSaIdNumber(text, today));
  if (SCIENTIFIC.test(text))
    return { findings: [{ level: 'error', field: 'id_number', message: ROW_MESSAGES.idScientific }] };
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d{12}$/.test(digits)) {
    const padded = parseSaIdNumber(`0${digits}`, today);
    if (padded.valid && padded.dateOfBirth.startsWith('200')) {
      return {
        idNumber: padded.idNumber,
        dateOfBirth: padded.dateOfBirth,
        gender: padded.gender,
        findings: [{ level: 'warning', field: 'id_number', message: ROW_MESSAGES.idPadded }],
      };
    }
  }
  return idNumberOf(parseSaIdNumber(text, today));
}

/** A parsed ID number as `readIdNumberCell` answers it. */
function idNumberOf(parsed: SaIdNumberParseResult): ReturnType<typeof readIdNumberCell> {
  if (!parsed.valid) return { findings: [{ level: 'error', field: 'id_number', message: parsed.message }] };
  return { idNumber: parsed.idNumber, dateOfBirth: parsed.dateOfBirth, gender: parsed.gender, findings: [] };
}

/**
 * Rands as most files write them, digits with or without one or two decimals after a `.`
 * (`12480.50`, `120`): cents (null when not positive), read without a regular expression or a
 * copy; undefined for any other shape (`readRandCell`'s general reading decides).
 */
function plainRandCents(cell: string): number | null | undefined {
  const { length } = cell;
  let rands = 0;
  let at = 0;
  for (; at < length; at += 1) {
    const code = cell.charCodeAt(at);
    if (code < 0x30 || code > 0x39) break;
    rands = rands * 10 + code - 0x30;
  }
  if (at === 0 || at > 13) return undefined;
  let cents = rands * 100;
  if (at < length) {
    const decimals = length - at - 1;
    if (cell.charCodeAt(at) !== 0x2e || decimals < 1 || decimals > 2) return undefined;
    let fraction = 0;
    for (let next = at + 1; next < length; next += 1) {
      const code = cell.charCodeAt(next);
      if (code < 0x30 || code > 0x39) return undefined;
      fraction = fraction * 10 + code - 0x30;
    }
    cents += decimals === 1 ? fraction * 10 : fraction;
  }
  return cents > 0 ? cents : null;
}

/**
 * Reads a rand amount as funds write it: `12480.50`, `12 480,50`, `R1 234`, `1,234.56`,
 * `1.234,56` (the last `.` or `,` followed by one or two digits is the decimal mark; the other
 * mark may group thousands).
 * @returns cents, or `null` when not a positive amount
 */
export function readRandCell(cell: string): number | null {
  const plain = plainRandCents(cell);
  if (plain !== undefined) return plain;
  let text = cell.replace(/[\s\u00A0\u202F]/g, '').replace(/^R/i, '');
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const fraction = decimal ? (decimal[1] ?? '') : '';
  if (decimal) text = text.slice(0, decimal.index);
  // The decimal mark cannot also group the thousands (`12.345.6`).
  if (decimal && text.includes((decimal[0] ?? '').charAt(0))) return null;
  // Thousands grouped by one mark throughout (`1,234,567` or `1.234.567`), or plain digits. Two
  // alternatives, not a back-reference: the regex checker proves this one linear.
  if (!/^\d{1,3}(?:(?:,\d{3})+|(?:\.\d{3})+)$/.test(text) && !/^\d{1,13}$/.test(text)) return null;
  const rands = text.replace(/[.,]/g, '');
  if (rands.length > 13) return null;
  const cents = Number(rands) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** Reads an optional email cell: lower-cased, or a warning and `null` when invalid. */
export function readEmailCell(cell: string): { value: string | null; findings: RowFinding[] } {
  const text = cell.trim();
  if (!text) return { value: null, findings: [] };
  if (emailRule(text) === true) return { value: text.toLowerCase(), findings: [] };
  return { value: null, findings: [{ level: 'warning', field: 'email', message: ROW_MESSAGES.email }] };
}

/** Reads an optional mobile number cell: E.164, or a warning and `null` when not South African. */
export function readPhoneCell(cell: string): { value: string | null; findings: RowFinding[] } {
  const text = cell.trim();
  if (!text) return { value: null, findings: [] };
  const e164 = normalizePhoneNumber(text);
  if (e164) return { value: e164, findings: [] };
  return { value: null, findings: [{ level: 'warning', field: 'phone_number', message: ROW_MESSAGES.phoneNumber }] };
}

/** Reads a date cell `YYYY-MM-DD` (a real date, not after `today`), or `null`. */
export function readDateCell(cell: string, today: Date = new Date()): string | null {
  const text = cell.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.toISOString().slice(0, 10) !== text) return null;
  return text <= today.toISOString().slice(0, 10) ? text : null;
}
