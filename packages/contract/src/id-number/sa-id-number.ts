/**
 * South African ID number: `YYMMDD SSSS C A Z` (13 digits).
 * - YYMMDD: date of birth (a real calendar date, not in the future);
 * - SSSS: sequence, 0000-4999 female, 5000-9999 male;
 * - C: citizenship, 0 citizen, 1 permanent resident;
 * - A: formerly race, now any digit;
 * - Z: Luhn check digit over the first 12 digits.
 */

export type SaIdNumberInvalidReason = 'length' | 'digits' | 'date' | 'citizenship' | 'checksum';

export type SaIdNumberParseResult =
  | {
      valid: true;
      /** The 13 digits, with any spaces removed. */
      idNumber: string;
      /** ISO date `YYYY-MM-DD`. */
      dateOfBirth: string;
      gender: 'female' | 'male';
      citizenship: 'citizen' | 'permanent_resident';
    }
  | { valid: false; reason: SaIdNumberInvalidReason; message: string };

/** Messages for each reason an ID number is invalid; shown to members and returned as 422 field errors. */
export const SA_ID_NUMBER_MESSAGES: Record<SaIdNumberInvalidReason, string> = {
  length: 'ID number must be 13 digits.',
  digits: 'ID number must contain digits only.',
  date: 'ID number does not start with a valid date of birth.',
  citizenship: 'ID number has an invalid citizenship digit.',
  checksum: 'ID number is not valid (check digit).',
};

/** Removes spaces and hyphens people type to group the digits (`800101 5009 087`). */
export function normalizeSaIdNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/**
 * Whether `text` is 13 ASCII digits, nothing to remove: how ID numbers mostly come (a member
 * file's million of them are read without a regular expression or a copy).
 */
export function isThirteenDigits(text: string): boolean {
  if (text.length !== 13) return false;
  for (let at = 0; at < 13; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** The Luhn check digit (0-9) for a string of digits, as used for the 13th digit. */
export function luhnCheckDigit(digits: string): number {
  return luhnOf(digits, digits.length);
}

/** The Luhn check digit of the first `length` digits of `digits` (read by character code, no copy). */
function luhnOf(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i += 1) {
    // Double every second digit counting from the rightmost digit of the payload.
    let digit = digits.charCodeAt(length - 1 - i) - 0x30;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

function invalid(reason: SaIdNumberInvalidReason): SaIdNumberParseResult {
  return { valid: false, reason, message: SA_ID_NUMBER_MESSAGES[reason] };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD` when year, month and day are a real calendar date (Gregorian), otherwise null. */
function toIsoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0))) return null;
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** The two digits of `digits` from `at`, as a number. */
function twoDigits(digits: string, at: number): number {
  return (digits.charCodeAt(at) - 0x30) * 10 + digits.charCodeAt(at + 1) - 0x30;
}

/** The last `today` asked for and its ISO date: a file's rows all ask for the same one. */
let lastToday = { time: Number.NaN, iso: '' };

function isoDateOf(today: Date): string {
  const time = today.getTime();
  if (time !== lastToday.time) lastToday = { time, iso: today.toISOString().slice(0, 10) };
  return lastToday.iso;
}

/**
 * Parses and validates a South African ID number.
 * The century is the latest one that does not put the date of birth after `today`.
 * @param input the ID number as typed (spaces and hyphens are ignored)
 * @param today the reference date for the century (default: now)
 * @returns date of birth, gender and citizenship, or the reason it is invalid
 */
export function parseSaIdNumber(input: string, today: Date = new Date()): SaIdNumberParseResult {
  const plain = isThirteenDigits(input);
  const idNumber = plain ? input : normalizeSaIdNumber(input);
  if (!plain) {
    if (!/^\d*$/.test(idNumber)) return invalid('digits');
    if (idNumber.length !== 13) return invalid('length');
  }
  const yy = twoDigits(idNumber, 0);
  const month = twoDigits(idNumber, 2);
  const day = twoDigits(idNumber, 4);
  const todayIso = isoDateOf(today);
  // This century if that is not in the future, otherwise the last.
  const recent = toIsoDate(2000 + yy, month, day);
  const dateOfBirth = recent !== null && recent <= todayIso ? recent : toIsoDate(1900 + yy, month, day);
  if (dateOfBirth === null || dateOfBirth > todayIso) return invalid('date');

  const citizenshipDigit = idNumber[10];
  if (citizenshipDigit !== '0' && citizenshipDigit !== '1') return invalid('citizenship');

  if (luhnOf(idNumber, 12) !== idNumber.charCodeAt(12) - 0x30) return invalid('checksum');

  return {
    valid: true,
    idNumber,
    dateOfBirth,
    // The sequence (digits 7-10) below 5000: its first digit below 5.
    gender: idNumber.charCodeAt(6) < 0x35 ? 'female' : 'male',
    citizenship: citizenshipDigit === '0' ? 'citizen' : 'permanent_resident',
  };
}

/**
 * Builds a valid ID number from its parts (used by the demo data generator and tests).
 * @param dateOfBirth ISO date `YYYY-MM-DD`
 * @param sequence 0-9999; below 5000 is female
 * @param citizenship 0 citizen, 1 permanent resident
 */
export function buildSaIdNumber(dateOfBirth: string, sequence: number, citizenship: 0 | 1 = 0): string {
  const yymmdd = dateOfBirth.slice(2, 4) + dateOfBirth.slice(5, 7) + dateOfBirth.slice(8, 10);
  const payload = `${yymmdd}${String(sequence).padStart(4, '0')}${citizenship}8`;
  return payload + String(luhnCheckDigit(payload));
}

/** Shows only the last 4 digits of an ID number, for logs and messages (POPIA). */
export function maskSaIdNumber(idNumber: string): string {
  const digits = normalizeSaIdNumber(idNumber);
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}
