import { createHmac, timingSafeEqual } from 'node:crypto';
import { IdentityCallbackRequest, VALIDATION_FAILED_MESSAGE } from '@bcp/contract';
import { AppError, type FieldErrors } from '../errors/app-error.js';
import type { IdentityCheckResult } from './identity-provider.js';

/**
 * The one callback protocol of identity providers (the real one and the built-in sandbox):
 * a JSON body `IdentityCallbackRequest` signed Stripe-style in the `X-Signature` header as
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 */
export const SIGNATURE_HEADER = 'x-signature';

/** A signature older (or further in the future) than this is refused, so a captured callback cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** Message of the 401 for a missing, malformed, wrong or stale signature (the same for each, on purpose). */
export const INVALID_SIGNATURE_MESSAGE = 'The callback signature is missing or not valid.';

/** Message of the 422 for a correctly signed body that is not a valid callback. */
export const MALFORMED_CALLBACK_MESSAGE = VALIDATION_FAILED_MESSAGE;

type Secret = string | Buffer;

function hmacHex(secret: Secret, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/**
 * The `X-Signature` header value for `rawBody`, as a provider sends it.
 * @param secret the shared callback secret (or the sandbox's derived key)
 * @param rawBody the exact bytes (as a UTF-8 string) that will be POSTed
 * @param now the signing time (default: now); its unix seconds are the `t=` part
 */
export function signCallbackBody(secret: Secret, rawBody: string, now: Date = new Date()): string {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

/** Reads a header by name, whatever the case of the keys (Node lower-cases them; hand-built objects may not). */
function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    // Several signature headers are ambiguous: refuse rather than pick one.
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

function unauthenticated(): AppError {
  return new AppError('unauthenticated', INVALID_SIGNATURE_MESSAGE, undefined, { code: 'invalid_signature' });
}

/**
 * Checks the `X-Signature` header of a callback: well-formed, signed with `secret` over
 * `"<t>.<rawBody>"` (constant-time comparison; any of several `v1=` values may match, for secret
 * rotation), and `t` within `SIGNATURE_TOLERANCE_SECONDS` of `now`.
 * @throws AppError('unauthenticated') when the header is missing, malformed, wrong or stale
 */
export function verifyCallbackSignature(
  secret: Secret,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  now: Date = new Date(),
): void {
  const header = headerValue(headers, SIGNATURE_HEADER);
  if (!header || header.length > 1024) throw unauthenticated();
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) throw unauthenticated();
  const ageSeconds = Math.floor(now.getTime() / 1000) - Number(timestamp);
  if (Math.abs(ageSeconds) > SIGNATURE_TOLERANCE_SECONDS) throw unauthenticated();
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
  });
  if (!matches) throw unauthenticated();
}

/**
 * Parses a verified callback body into the result it carries.
 * @throws AppError('validation') with per-field messages when the body is not JSON or not an `IdentityCallbackRequest`
 */
export function parseCallbackBody(rawBody: string): IdentityCheckResult {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError('validation', MALFORMED_CALLBACK_MESSAGE, { body: ['Must be a JSON object.'] });
  }
  const parsed = IdentityCallbackRequest.safeParse(json);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.') || 'body';
      errors[field] ??= [];
      errors[field].push(issue.message);
    }
    throw new AppError('validation', MALFORMED_CALLBACK_MESSAGE, errors);
  }
  const { reference, status, reason } = parsed.data;
  return reason === undefined ? { reference, status } : { reference, status, reason };
}

/**
 * Verifies a callback's signature, then parses its body: the whole `IdentityProvider.verifyCallback`.
 * @throws AppError('unauthenticated') for a bad, missing or stale signature (checked first)
 * @throws AppError('validation') for a signed body that is not a valid callback
 */
export function verifySignedCallback(
  secret: Secret,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  now: Date = new Date(),
): IdentityCheckResult {
  verifyCallbackSignature(secret, rawBody, headers, now);
  return parseCallbackBody(rawBody);
}
