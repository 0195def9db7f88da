import { randomFillSync, timingSafeEqual } from 'node:crypto';
import { XSRF } from '@bcp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface XsrfOptions {
  /**
   * Path prefixes whose callers authenticate without cookies (the partner API's keys, signed
   * callbacks): no header asked for, and no cookie set (issue 39 item 5: the partner API sets none).
   */
  exemptPrefixes: string[];
  /**
   * Path prefixes of files cached publicly and immutably (the web build's `/assets/`): their
   * answers set no cookie, since a shared cache must not hand one person's token to another, and
   * the page's first load fetches a dozen of them at once (issue 14 item 7: bytes on the wire).
   */
  cachedFilePrefixes: string[];
}

const TOKEN_BYTES = 32;
/** Random bytes for 128 tokens, drawn from the system at once; each token's bytes are used once. */
let entropy = Buffer.alloc(0);
let entropyOffset = 0;

/**
 * A new XSRF token: 32 random bytes (CSPRNG), base64url. The bytes come from a buffer refilled 128
 * tokens at a time, as Node does for `randomUUID`: one system call per 128 visitors rather than per
 * request (issue 22 item 5: 3% of the anonymous search's CPU went to it).
 */
function newXsrfToken(): string {
  if (entropyOffset + TOKEN_BYTES > entropy.length) {
    entropy = randomFillSync(Buffer.allocUnsafe(TOKEN_BYTES * 128));
    entropyOffset = 0;
  }
  const token = entropy.subarray(entropyOffset, entropyOffset + TOKEN_BYTES).toString('base64url');
  entropyOffset += TOKEN_BYTES;
  return token;
}

function tokensMatch(header: string, cookie: string): boolean {
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Message of the 403 for a missing or mismatched XSRF header. */
export const XSRF_MISMATCH_MESSAGE =
  'The security token (XSRF) is missing or does not match. Reload the page and try again.';

/**
 * Double-submit XSRF protection (spec section 7; DESIGN.md "Sessions"). Every response but those of
 * `cachedFilePrefixes` and `exemptPrefixes` sets an `XSRF-TOKEN` cookie (32 random bytes, readable
 * by the page) when the request has none; POST, PUT, PATCH and DELETE outside `exemptPrefixes` must
 * echo the cookie in `X-XSRF-TOKEN`, else 403 with `XSRF_MISMATCH_MESSAGE`.
 */
export function installXsrfProtection(app: FastifyInstance, options: XsrfOptions): void {
  const isExempt = (request: FastifyRequest) => options.exemptPrefixes.some((prefix) => request.url.startsWith(prefix));

  app.addHook('onRequest', async (request, reply) => {
    const cookieToken = request.cookies[XSRF.cookie];
    const exempt = isExempt(request);
    const cachedFile = options.cachedFilePrefixes.some((prefix) => request.url.startsWith(prefix));
    if (!cookieToken && !cachedFile && !exempt) {
      reply.setCookie(XSRF.cookie, newXsrfToken(), {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        httpOnly: false,
      });
    }
    if (!STATE_CHANGING_METHODS.has(request.method) || exempt) return;
    const header = request.headers[XSRF.header.toLowerCase()];
    if (!cookieToken || typeof header !== 'string' || !tokensMatch(header, cookieToken)) {
      throw new AppError('forbidden', XSRF_MISMATCH_MESSAGE, undefined, { code: 'xsrf_mismatch' });
    }
  });
}
