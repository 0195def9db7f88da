import { maskSaIdNumber } from '@bcp/contract';

/** What a redacted secret is replaced with in the stored copy of a message. */
export const REDACTED = '******';

/** Any 13 consecutive digits: a possible SA ID number. */
const THIRTEEN_DIGITS = /\d{13}/g;

/**
 * Masks every run of 13 digits (a possible SA ID number) to its last 4 digits, e.g.
 * `ID 7503140234085` -> `ID *********4085`. Messages never carry a full ID number (POPIA).
 */
export function maskIdNumbers(text: string): string {
  return text.replace(THIRTEEN_DIGITS, (digits) => maskSaIdNumber(digits));
}

/**
 * Replaces every occurrence of each secret (e.g. an OTP code) with `******`. Empty secrets are
 * ignored; longer secrets are replaced first, so a secret inside another is still hidden.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const ordered = secrets.filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
  let redacted = text;
  for (const secret of ordered) redacted = redacted.split(secret).join(REDACTED);
  return redacted;
}

const MAX_ERROR_LENGTH = 500;

/**
 * The text of a delivery error that is safe to store and log: the error's message (and its
 * cause's), with secrets redacted, the destination (email or number, which servers repeat in
 * their answers) replaced by `<destination>` and ID numbers masked, cut to 500 characters. Never
 * the message content, which the error does not carry.
 */
export function describeDeliveryError(error: unknown, secrets: readonly string[], destination?: string): string {
  let text = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? (error as { cause?: unknown }).cause : undefined;
  if (cause instanceof Error && cause.message && !text.includes(cause.message)) text += `: ${cause.message}`;
  let safe = redactSecrets(text || 'Unknown delivery error', secrets);
  if (destination) safe = safe.split(destination).join('<destination>');
  safe = maskIdNumbers(safe);
  return safe.length > MAX_ERROR_LENGTH ? `${safe.slice(0, MAX_ERROR_LENGTH - 1)}…` : safe;
}
