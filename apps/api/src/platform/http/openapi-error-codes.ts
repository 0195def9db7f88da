import { ERROR_CODE_LIST, ERROR_CODES, type ErrorCode } from '@bcp/contract';
import type { FastifySchema } from 'fastify';
import type { RouteAccess } from '../auth/route-access.js';
import type { Throttle } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The specific error codes the route's services answer (decision 059), e.g. `claim_not_found`;
     * the codes of the access check, validation, body parsing and throttles are added for it. A
     * route that declares none is documented with every catalogue code of each of its error statuses.
     */
    errorCodes?: readonly ErrorCode[];
  }
}

/** Operation mark: `{ [status]: codes }`, moved onto each error answer as `x-error-codes` (openapi-document.ts). */
export const ERROR_CODES_MARK = 'x-error-codes-by-status';

/** The extension of an error answer listing the codes it can carry. */
export const ERROR_CODES_EXTENSION = 'x-error-codes';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The code an error answer of `status` carries when its site names none (platform/errors/app-error.ts). */
const DEFAULT_CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  500: 'internal',
  503: 'unavailable',
};

/** Every catalogue code answered with `status`. */
function codesOfStatus(status: number): ErrorCode[] {
  return ERROR_CODE_LIST.filter((code) => ERROR_CODES[code].status === status);
}

/** What the documentation of a route needs to know of it. */
export interface DocumentedRoute {
  methods: string[];
  url: string;
  schema: FastifySchema;
  access: RouteAccess;
  throttles: readonly Throttle[];
  errorCodes: readonly ErrorCode[] | undefined;
  /** Error statuses the route's schema lists itself. */
  declaredStatuses: number[];
}

/**
 * The codes each error status of a route can carry (decision 059): those of the access check
 * (401 `unauthenticated`/`session_ended`/`wrong_area`, or `invalid_api_key` on the partner API;
 * 403 `verification_required`, `permission_missing`), of the XSRF check on state-changing calls
 * outside `/api/v2` (403 `xsrf_mismatch`), of body parsing on state-changing calls (400
 * `malformed_json`, 413, 415), of validation (422 `validation_failed`, on every route: unknown query parameters), of throttles (429
 * `rate_limited`, 503 when they fail closed), plus the route's own `config.errorCodes`, and the
 * default code of a status the route lists with no other code. A route without `errorCodes` lists every catalogue code of each status.
 */
export function errorCodesOfRoute(route: DocumentedRoute): Record<number, ErrorCode[]> {
  const codes = new Map<number, Set<ErrorCode>>();
  const add = (...list: ErrorCode[]) => {
    for (const code of list) {
      const status = ERROR_CODES[code].status;
      if (!codes.has(status)) codes.set(status, new Set());
      codes.get(status)?.add(code);
    }
  };
  const { access } = route;
  if (access !== 'public') {
    if (access.area === 'partner') add('invalid_api_key');
    else add('unauthenticated', 'session_ended', 'wrong_area');
    const checksPin = access.area !== 'partner' && !(access.area === 'beneficiary' && access.verified === false);
    const signingIn = access.area === 'admin' && 'session' in access && access.session === 'signing-in';
    if (checksPin && !signingIn) add('verification_required');
    if (access.area === 'admin' && 'permission' in access) add('permission_missing');
  }
  const changes = route.methods.some((method) => STATE_CHANGING.has(method));
  if (changes) {
    add('bad_request', 'malformed_json', 'body_too_large', 'unsupported_media_type');
    if (!route.url.startsWith('/api/v2/')) add('xsrf_mismatch');
  }
  // Every route validates its input, unknown query parameters included (decision 060).
  add('validation_failed');
  if (route.throttles.length > 0) add('rate_limited');
  if (route.throttles.some((throttle) => throttle.failClosed)) add('unavailable');
  if (route.errorCodes) add(...route.errorCodes);
  // A status the route lists with no code known for it carries that status's default code.
  for (const status of route.declaredStatuses) {
    const fallback = DEFAULT_CODE_OF_STATUS[status];
    if (fallback && !codes.has(status)) add(fallback);
  }
  const result: Record<number, ErrorCode[]> = {};
  for (const [status, set] of codes) {
    result[status] = route.errorCodes ? [...set] : [...new Set([...set, ...codesOfStatus(status)])];
  }
  return result;
}
