import { FIELD_ERROR_CODES } from '@bcp/contract';
import type { ApiError } from '@bcp/web-client/api-client';
import { CLIENT_ERROR_CODES, type ClientErrorCode } from '@bcp/web-client/client-errors';
import { i18next } from './index';
import { en } from './locales/en';

// Issue 39 item 1 (decision 059): the member app shows a failed call by its `code` from the
// contract's catalogue (and `params`), never by the English `message`, which is not read here.

/** An error answer as far as this module reads it: `code`, `params`, `errors` (only its keys) and `fieldCodes`. */
interface CodedBody {
  code?: unknown;
  params?: unknown;
  errors?: unknown;
  fieldCodes?: unknown;
}

type ErrorKey = keyof typeof en.errors;
type FieldKey = keyof typeof en.fieldErrors;
type StatusKey = keyof typeof en.errorStatus;

/** Seconds to minutes for `rate_limited`, at least one (`Try again in 1 minute.`). */
const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

function bodyOf(error: ApiError): CodedBody {
  return typeof error.body === 'object' && error.body !== null ? (error.body as CodedBody) : {};
}

/** The answer's `params` values that are numbers or strings (what i18next fills `{{name}}` with). */
function paramsOf(body: CodedBody): Record<string, string | number> {
  if (typeof body.params !== 'object' || body.params === null) return {};
  return Object.fromEntries(
    Object.entries(body.params).filter(([, value]) => typeof value === 'number' || typeof value === 'string'),
  );
}

/** Whether the catalog has a text for `code` (plural codes by their `_one`/`_other` keys). */
function hasErrorText(code: unknown): code is string {
  return typeof code === 'string' && (Object.hasOwn(en.errors, code) || Object.hasOwn(en.errors, `${code}_other`));
}

/** The `errorStatus` text of each HTTP status that has its own; other statuses are `server` (5xx) or `other`. */
const STATUS_KEYS: Readonly<Record<number, StatusKey>> = {
  400: 'badRequest',
  401: 'signIn',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'tooLarge',
  415: 'unsupported',
  422: 'invalid',
  429: 'tooMany',
};

/** The text for an HTTP status the catalog has no code text for. */
function statusText(status: number): string {
  const key = STATUS_KEYS[status] ?? (status >= 500 ? 'server' : 'other');
  return i18next.t(`errorStatus.${key}`);
}

/** The text for a code of the catalogue, with `params`, or undefined when the catalog has none. */
function codeText(code: unknown, params: Record<string, string | number>, waitSeconds?: number): string | undefined {
  if (code === 'rate_limited' || code === 'otp_resend_too_soon') {
    const seconds = Number(params.retryAfterSeconds ?? waitSeconds);
    if (!Number.isFinite(seconds)) return undefined;
    return code === 'rate_limited'
      ? i18next.t('errors.rate_limited', { count: minutes(seconds) })
      : i18next.t('errors.otp_resend_too_soon', { retryAfterSeconds: seconds });
  }
  if (!hasErrorText(code)) return undefined;
  return i18next.t(`errors.${code as ErrorKey}`, params as Record<string, unknown>) as string;
}

/**
 * A failed call in the app's language, by its `code` (the contract's catalogue) and `params`:
 * `{ status: 422, body: { code: 'otp_wrong', ... } }` -> 'The PIN is not correct.' (or its
 * Afrikaans or isiZulu). A 429 that asks to wait a minute or more (`Retry-After`) says how many
 * minutes; the client's own errors (status 0, `no_answer`, `timed_out`, ...) by their code; a code
 * the app has no text for, or an answer without one, by its status ('Not found.', 'Something went
 * wrong on our side. ...'). The English `message` is never read.
 */
export function translateError(error: ApiError): string {
  const body = bodyOf(error);
  if (error.status === 0) {
    const local = CLIENT_ERROR_CODES.includes(body.code as ClientErrorCode)
      ? (body.code as ClientErrorCode)
      : 'generic';
    return i18next.t(`clientErrors.${local}`);
  }
  const wait = error.retryAfterSeconds;
  if (error.status === 429 && wait !== undefined && (wait >= 60 || !hasErrorText(body.code))) {
    return i18next.t('errors.rate_limited', { count: minutes(wait) });
  }
  return codeText(body.code, paramsOf(body), wait) ?? statusText(error.status);
}

/** Field codes that only say a value is not valid: the field's own text (`fieldErrorsOf`) says more, when it has one. */
const NOT_VALID: readonly unknown[] = ['invalid', 'invalid_format'];

/**
 * The text for one code of a field (`fieldCodes`): the field's own text for a plain 'not valid'
 * (`phoneNumber` -> 'Must be a valid phone number.'), a field code's, a catalogue code's (a rule of
 * the call, e.g. `otp_wrong`); else the generic one.
 */
function fieldCodeText(field: string, code: unknown): string {
  if (NOT_VALID.includes(code) && Object.hasOwn(en.fieldErrorsOf, field)) {
    return i18next.t(`fieldErrorsOf.${field as keyof typeof en.fieldErrorsOf}`);
  }
  if (typeof code === 'string' && Object.hasOwn(FIELD_ERROR_CODES, code)) {
    return i18next.t(`fieldErrors.${code as FieldKey}`);
  }
  return codeText(code, {}) ?? i18next.t('fieldErrors.invalid');
}

/**
 * The texts of one field of a failed call (a 422's `errors` and `fieldCodes`), several joined
 * with line breaks, or undefined when the answer names no problem with that field. Each is said
 * by its code in `fieldCodes` (`required`, `otp_wrong`, ...); a field named in `errors` without a
 * code gets the answer's own code's text when the app has one (`code: 'otp_wrong'`), else the
 * generic 'Field validation issue'.
 */
export function translateFieldError(error: ApiError, field: string): string | undefined {
  const body = bodyOf(error);
  const named = typeof body.errors === 'object' && body.errors !== null && Object.hasOwn(body.errors, field);
  const fieldCodes = (typeof body.fieldCodes === 'object' && body.fieldCodes !== null ? body.fieldCodes : {}) as Record<
    string,
    unknown
  >;
  const codes = Array.isArray(fieldCodes[field]) ? (fieldCodes[field] as unknown[]) : [];
  if (!named && codes.length === 0) return undefined;
  if (codes.length === 0) {
    return (body.code !== 'validation_failed' ? codeText(body.code, {}) : undefined) ?? fieldCodeText(field, 'invalid');
  }
  return [...new Set(codes.map((code) => fieldCodeText(field, code)))].join('\n');
}

/** Every field of a failed call with its texts (`translateFieldError`), or an empty object when it names none. */
export function translateFieldErrors(error: ApiError): Record<string, string> {
  const body = bodyOf(error);
  const fields = new Set([
    ...(typeof body.errors === 'object' && body.errors !== null ? Object.keys(body.errors) : []),
    ...(typeof body.fieldCodes === 'object' && body.fieldCodes !== null ? Object.keys(body.fieldCodes) : []),
  ]);
  return Object.fromEntries([...fields].map((field) => [field, translateFieldError(error, field) as string]));
}
