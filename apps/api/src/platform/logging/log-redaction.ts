import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { type TraceLogFields, traceLogFields } from '../tracing/trace-log-fields.js';

/** What a redacted value reads as in the logs. */
export const LOG_REDACTED = '[redacted]';

/** The longest text masked (characters); the rest of a longer one is cut, so masking stays cheap. */
const MAX_MASKED_LENGTH = 4096;

/** Percent-encoded spaces, dashes and dots, read as the separators they are before masking. */
const ENCODED_SEPARATOR = /%20|%2[dDeE]/g;

/**
 * A run of 7 or more digits, however they are separated (spaces, dots, dashes, `+` spaces): an
 * ID number (13 digits) or a bank account number (7 to 11) typed any way. Linear: each step
 * takes one optional separator and then one digit, which cannot overlap.
 */
const DIGIT_RUN = /\d(?:[ .+-]?\d){6,}/g;

/** Query keys whose values are secret or personal, whatever their case or separators. */
const SECRET_QUERY_KEY =
  /^(?:otp|pin|code|token|resettoken|password|accountnumber|idnumber|identifier|email|phone|phonenumber|key)$/;

/** Path segments that are secrets: the token after these words, or any long opaque segment. */
const TOKEN_AFTER = new Set(['verify-reset-url', 'reset-password', 'invitations', 'password-links']);
const OPAQUE_SEGMENT = /^[A-Za-z0-9_~-]{20,}$/;

/** A random token rather than a word (`identity-verifications`): long, with letters and digits. */
function isOpaqueToken(segment: string): boolean {
  return OPAQUE_SEGMENT.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment);
}

/**
 * Masks ID-number-like and account-number-like digit runs in free text (percent-encoded
 * separators read as such), keeping the last 4 digits: `ID 750314 0234 085` -> `ID *****4085` (issue 13 item 9).
 */
export function maskPersonalNumbers(text: string): string {
  return text
    .slice(0, MAX_MASKED_LENGTH)
    .replace(ENCODED_SEPARATOR, (encoded) => decodeURIComponent(encoded))
    .replace(DIGIT_RUN, (run) => `*****${run.replace(/\D/g, '').slice(-4)}`);
}

/**
 * A URL safe to log: secret path tokens and the values of secret query keys replaced by
 * `[redacted]`, and every long digit run masked (`maskPersonalNumbers`), percent-encoded or not.
 */
export function redactUrl(url: string): string {
  const text = url.slice(0, MAX_MASKED_LENGTH);
  const queryStart = text.indexOf('?');
  const path = queryStart === -1 ? text : text.slice(0, queryStart);
  const segments = path.split('/');
  const safePath = segments
    .map((segment, index) =>
      TOKEN_AFTER.has(segments[index - 1] ?? '') || isOpaqueToken(segment) ? LOG_REDACTED : segment,
    )
    .join('/');
  if (queryStart === -1) return maskPersonalNumbers(safePath);
  const query = text
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      if (separator === -1) return pair;
      const key = pair.slice(0, separator);
      return SECRET_QUERY_KEY.test(normalizeKey(key)) ? `${key}=${LOG_REDACTED}` : pair;
    })
    .join('&');
  return maskPersonalNumbers(`${safePath}?${query}`);
}

/** `account_number`, `accountNumber[]`, `Account%5FNumber` -> `accountnumber`. */
function normalizeKey(key: string): string {
  let decoded = key;
  try {
    decoded = decodeURIComponent(key);
  } catch {
    // keep it as typed
  }
  const bracket = decoded.indexOf('[');
  return (bracket === -1 ? decoded : decoded.slice(0, bracket)).toLowerCase().replace(/[^a-z]/g, '');
}

/**
 * Masks digit runs in every string of a log line's plain fields (nested up to 4 levels). Other
 * objects (a request, an error) are left to their serializers, which pino applies afterwards.
 */
function maskFields(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return maskPersonalNumbers(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskFields(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const masked: Record<string, unknown> = Object.create(null);
  const trace = depth === 0 ? traceLogFields() : undefined;
  for (const [key, field] of Object.entries(value)) {
    masked[key] = isActiveTraceId(trace, key, field) ? field : maskFields(field, depth + 1);
  }
  return masked;
}

/**
 * Whether a top-level field is the active span's trace or span id, as the logger's mixin adds it
 * (decision 054): random hex that may hold a run of decimal digits, kept whole so the line still
 * leads to its trace. Only the active span's own ids are kept: anything else under those names is
 * masked like every other field.
 */
function isActiveTraceId(trace: TraceLogFields | undefined, key: string, field: unknown): boolean {
  if (!trace || typeof field !== 'string') return false;
  return (key === 'trace_id' && field === trace.trace_id) || (key === 'span_id' && field === trace.span_id);
}

/**
 * The server's pino options for personal data (issue 13 item 9), in one place: request lines
 * carry the method, the redacted URL and the address; credentials and cookies are removed; and
 * every string of every line (fields and message) has its ID-number-like and account-number-like
 * digit runs masked, however they were typed.
 */
export function logRedactionOptions(): Pick<LoggerOptions, 'redact' | 'serializers' | 'formatters' | 'hooks'> {
  return {
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
      censor: LOG_REDACTED,
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    formatters: {
      log: (object) => maskFields(object, 0) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        const masked = args.map((arg) => (typeof arg === 'string' ? maskPersonalNumbers(arg) : arg));
        method.apply(this, masked as Parameters<typeof method>);
      },
    },
  };
}
