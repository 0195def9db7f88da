import { XSRF } from '@bcp/contract';

/**
 * Reads the XSRF token from a `document.cookie` string (spec section 7): the value of the
 * `XSRF-TOKEN` cookie, URL-decoded, or `undefined` when there is none.
 */
export function readXsrfToken(cookieString: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === XSRF.cookie) return decodeURIComponent(part.slice(separator + 1).trim());
  }
  return undefined;
}
