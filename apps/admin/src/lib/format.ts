import { ENUM_LABELS, FILE_UPLOAD_TARGET_FIELDS, FILE_UPLOAD_TYPES, rawEnumCodes } from '@bcp/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

/**
 * The back office's one way to show dates, times and money to staff (issue 38 item 4): every
 * screen formats through these functions, never with `toLocaleString`, `Intl` or `dayjs().format`
 * of its own. Times are shown in South African time whatever the browser's zone; files (CSV/XLSX
 * exports) keep ISO 8601 and are written by the API, not here.
 */

dayjs.extend(utc);
dayjs.extend(timezone);

/** The zone every time is shown in (South Africa has one zone and no daylight saving). */
export const SHOWN_TIME_ZONE = 'Africa/Johannesburg';

/** A calendar date without a time (`2026-11-26`), as the API sends dates such as an invoice period. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Text shown where a date or amount is missing. */
const MISSING = '—';

type Instant = string | number | Date;

/**
 * A moment as a date and time in South African time: `26 Nov 2026, 19:05` (24-hour clock, no
 * seconds). `value` is an ISO 8601 timestamp (any offset), epoch milliseconds or a Date;
 * `null`/`undefined` give `fallback` (default "—"); an unreadable value is returned unchanged.
 */
export function formatDateTime(value: Instant | null | undefined, fallback = MISSING): string {
  if (value == null || value === '') return fallback;
  const moment = dayjs(value);
  if (!moment.isValid()) return String(value);
  return moment.tz(SHOWN_TIME_ZONE).format('D MMM YYYY, HH:mm');
}

/**
 * A date as `26 Nov 2026`. A calendar date (`YYYY-MM-DD`, e.g. an invoice period or a fee's start)
 * is shown as that day; a timestamp as its day in South African time. `null`/`undefined` give
 * `fallback` (default "—"); an unreadable value is returned unchanged.
 */
export function formatDate(value: Instant | null | undefined, fallback = MISSING): string {
  if (value == null || value === '') return fallback;
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const day = dayjs(value);
    return day.isValid() ? day.format('D MMM YYYY') : value;
  }
  const moment = dayjs(value);
  if (!moment.isValid()) return String(value);
  return moment.tz(SHOWN_TIME_ZONE).format('D MMM YYYY');
}

/** Mantine date pickers' `valueFormat` (dayjs tokens): the chosen day shown as `formatDate` shows it. */
export const DATE_INPUT_FORMAT = 'D MMM YYYY';

/** Today's calendar date in South African time, `YYYY-MM-DD` (for a date field's default, not for showing). */
export function todayInSouthAfrica(): string {
  return dayjs().tz(SHOWN_TIME_ZONE).format('YYYY-MM-DD');
}

const rand = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });

/**
 * Integer cents (ZAR, DESIGN.md "Money") as South African rand for staff: `R 12 480,50`, with
 * non-breaking spaces (en-ZA); a negative amount as `-R 5,00`. `null`/`undefined` give `fallback`.
 * The member app keeps the contract's `formatRand` (its texts are fixed by the spec).
 */
export function formatMoney(cents: number | null | undefined, fallback = MISSING): string {
  if (cents == null) return fallback;
  return rand.format(cents / 100);
}

/** Upload target fields that hold a date (`date_of_exit`, `paid_on`, ...), by key. */
const DATE_FIELDS = new Set([
  'date_of_birth',
  ...FILE_UPLOAD_TYPES.flatMap((type) =>
    FILE_UPLOAD_TARGET_FIELDS[type].filter((field) => field.format === 'date').map((field) => field.key),
  ),
]);

/**
 * One value of an uploaded row (`values` by field key) as people read it: an amount in cents
 * (`amount_cents`) as money, a date field as `formatDate`, anything else as it is; a missing value
 * as "—". Pair with the contract's `fieldLabel(key)` for the field's name.
 */
export function formatFieldValue(key: string, value: string | number | null | undefined): string {
  if (value == null || value === '') return MISSING;
  if (key.endsWith('_cents') && typeof value === 'number') return formatMoney(value);
  if (DATE_FIELDS.has(key) && typeof value === 'string') return formatDate(value);
  return String(value);
}

/** A time as the API's audit words write it (`2026-11-26 10:11 UTC`), or a calendar date alone. */
const WORDED_UTC_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?) UTC$/;

/** The words of each raw enum code (`EMAIL` -> "Email"), from the contract's labels; permissions apart. */
const CODE_WORDS = (() => {
  const raw = new Set(rawEnumCodes());
  const words = new Map<string, string>();
  for (const [kind, labels] of Object.entries(ENUM_LABELS)) {
    if (kind === 'permission') continue;
    for (const [code, label] of Object.entries(labels)) if (raw.has(code) && !words.has(code)) words.set(code, label);
  }
  return words;
})();

/**
 * A value of an audit event's changed field, as the API words it for screens and files alike
 * (`AuditEventResponse.changes`): a time there (`2026-11-26 10:11 UTC`) or a date (`2026-11-26`)
 * is shown in this module's format and zone (`26 Nov 2026, 12:11`); each raw enum code of a
 * comma-separated list in its words (`EMAIL` -> "Email"); any other words as they are; `null` as
 * "—". The CSV export keeps the API's words.
 */
export function formatAuditValue(value: string | null | undefined): string {
  if (value == null) return MISSING;
  const time = WORDED_UTC_TIME.exec(value);
  if (time) return formatDateTime(`${time[1]}T${time[2]}Z`);
  if (CALENDAR_DATE.test(value)) return formatDate(value);
  return value
    .split(', ')
    .map((item) => CODE_WORDS.get(item) ?? item)
    .join(', ');
}

/**
 * A text the API wrote once and keeps (an invoice line's description, also printed on the tax
 * invoice: `Tracing fees: claim 3, paid 2026-11-27`) with each ISO calendar date in it shown as
 * `formatDate` shows it (`paid 27 Nov 2026`); the rest as it is.
 */
export function formatDatesInText(text: string): string {
  return text.replace(/(?<![\w-])(\d{4}-\d{2}-\d{2})(?![\w-])/g, (date) => formatDate(date));
}
