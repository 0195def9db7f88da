import { maskSaIdNumber } from '@bcp/contract';

const SENSITIVE_QUERY_KEYS = /^(otp|code|token|password|accountNumber|account_number)$/i;

/**
 * A URL safe to log: 13-digit runs (ID numbers, in paths and queries) keep only their last 4
 * digits, and the values of sensitive query keys (otp, token, password, account number) are hidden.
 */
export function redactUrl(url: string): string {
  const masked = url.replace(/\d{13}/g, (digits) => maskSaIdNumber(digits));
  const queryStart = masked.indexOf('?');
  if (queryStart === -1) return masked;
  const query = masked
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [key = '', ...rest] = pair.split('=');
      return rest.length > 0 && SENSITIVE_QUERY_KEYS.test(decodeURIComponent(key)) ? `${key}=[redacted]` : pair;
    })
    .join('&');
  return `${masked.slice(0, queryStart)}?${query}`;
}
