import { maskIdNumbers, REDACTED } from '../messaging/message-text.js';

/** Words that make a field secret wherever they appear in its name (`passwordHash`, `reset_token`, `otp`). */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'secret',
  'token',
  'otp',
  'pin',
  'hash',
  'apikey',
  'authorization',
  'cookie',
  'cvv',
]);

/** `passwordHash` -> `['password', 'hash']`; `api_key` -> `['api', 'key']`. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function isSecretField(name: string): boolean {
  const parts = words(name);
  return parts.some((part, index) => SECRET_WORDS.has(part) || SECRET_WORDS.has(`${part}${parts[index + 1] ?? ''}`));
}

/** `accountNumber`, `bank_account_number`: shown only by their last 4 characters. */
function isAccountNumberField(name: string): boolean {
  const parts = words(name);
  return parts.includes('account') && parts.includes('number');
}

/** `1234567890` -> `******7890`. */
export function maskAccountNumber(value: string): string {
  const visible = value.slice(-4);
  return `${'*'.repeat(Math.max(2, value.length - 4))}${visible}`;
}

function redactValue(name: string, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (isSecretField(name)) return REDACTED;
  if (isAccountNumberField(name) && (typeof value === 'string' || typeof value === 'number')) {
    return maskAccountNumber(String(value));
  }
  if (typeof value === 'string') return maskIdNumbers(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redactValue(name, item));
  if (typeof value === 'object') return redactFields(value as Record<string, unknown>);
  return value;
}

/**
 * A copy of `fields` safe to keep in the audit trail: secret fields (names with password, token,
 * otp, pin, hash, secret, api key, ...) become `******`, account numbers keep their last 4
 * characters, 13-digit runs (SA ID numbers) are masked, dates become ISO strings; nested objects
 * and arrays alike.
 */
export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, redactValue(name, value)]));
}
