import { isPermission, type Permission } from '@bcp/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { hasPermission, loadStaffAccess } from '../rbac/staff-access.js';
import { findActiveSession } from './sessions.js';
import { authenticateStaff } from './staff-authentication.js';

/**
 * Who may call a route. Every route under `/api` declares one in `config.access`; a route
 * without it stops the server at start (default deny, DESIGN.md "Conventions").
 * - `public`: anyone (rate limits still apply where the route sets them);
 * - `beneficiary`: a member's session token (area `beneficiary`); `verified` (default true) also
 *   requires the sign-in OTP to have been entered;
 * - `{ area: 'admin', permission }`: a staff session token whose sign-in PIN was entered, of an
 *   active user whose roles give `permission` (decision 009). Every `/api/v1` route declares one,
 *   except the sign-in calls (`public`, or `session: 'signing-in'` for the session's own PIN and
 *   logout calls, which any staff session may make before its PIN). `session: 'verified'` is any
 *   staff session past its PIN, whatever the roles: for what is about the caller themself (their own
 *   user and permissions, their dashboard, which shows only what their permissions allow).
 * - `{ area: 'partner' }`: a partner API key (`Authorization: Bearer bcp_pk_...`) that is not
 *   revoked, of an active partner; sets `request.partner` (its id and the funds it serves). Every
 *   `/api/v2` route declares it, and only `/api/v2` routes may (issue 8, decision 017).
 */
export type RouteAccess =
  | 'public'
  | { area: 'beneficiary'; verified?: boolean }
  | { area: 'admin'; permission: Permission }
  | { area: 'admin'; session: 'signing-in' | 'verified' }
  | { area: 'partner' };

/** Who is calling the partner API: the partner, the key, and the funds it may touch. */
export interface PartnerIdentity {
  partnerId: number;
  apiKeyId: number;
  /** The funds the partner serves (partner_funds), read on every request. */
  fundIds: number[];
}

/**
 * Finds the live partner behind an API key, or undefined (unknown, revoked, inactive partner).
 * The partners module provides it (`authenticatePartnerApiKey`); platform knows no module.
 */
export type PartnerAuthenticator = (key: string) => Promise<PartnerIdentity | undefined>;

/** The signed-in staff user behind a request (routes with `area: 'admin'`). */
export interface StaffIdentity {
  sessionId: number;
  userId: number;
  email: string;
  /** The sign-in PIN was entered. */
  verified: boolean;
}

/** The signed-in member behind a request (routes with `area: 'beneficiary'`). */
export interface BeneficiaryIdentity {
  sessionId: number;
  personUserId: number;
  /** The sign-in PIN was entered. */
  verified: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    beneficiary?: BeneficiaryIdentity;
    staff?: StaffIdentity;
    /** The partner behind a partner API key (routes with `area: 'partner'`). */
    partner?: PartnerIdentity;
  }
}

export const ACCESS_MESSAGES = {
  signIn: 'Please sign in.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  verifyFirst: 'Enter the PIN we sent you to finish signing in.',
  noPermission: 'You do not have permission to do this.',
  partnerKey: 'Invalid or revoked API key.',
  partnerKeyElsewhere: 'This is a partner API key: it works only on the partner API (/api/v2).',
  staffSessionElsewhere: 'This is a back-office session: it cannot be used in the member app.',
  memberSessionElsewhere: 'This is a member session: it cannot be used in the back office.',
} as const;

/** How every partner API key begins (decision 017). */
export const PARTNER_API_KEY_PREFIX = 'bcp_pk_';

/**
 * Why a token that is no live session of `area` was refused: `wrong_area` (401) when it is a
 * partner API key, or a live session of the other area (decision 059, issue 39 item 1), else
 * `session_ended` (401). Only looked into once the token has failed, so a good token costs nothing.
 */
async function refusedToken(app: FastifyInstance, token: string, area: 'admin' | 'beneficiary'): Promise<AppError> {
  if (token.startsWith(PARTNER_API_KEY_PREFIX)) {
    return new AppError('unauthenticated', ACCESS_MESSAGES.partnerKeyElsewhere, undefined, { code: 'wrong_area' });
  }
  const other = area === 'admin' ? 'beneficiary' : 'admin';
  if (await findActiveSession(app.db, token, other)) {
    const message = area === 'admin' ? ACCESS_MESSAGES.memberSessionElsewhere : ACCESS_MESSAGES.staffSessionElsewhere;
    return new AppError('unauthenticated', message, undefined, { code: 'wrong_area' });
  }
  return new AppError('unauthenticated', ACCESS_MESSAGES.sessionEnded, undefined, { code: 'session_ended' });
}

const verifyFirst = () =>
  new AppError('forbidden', ACCESS_MESSAGES.verifyFirst, undefined, { code: 'verification_required' });
const invalidApiKey = () =>
  new AppError('unauthenticated', ACCESS_MESSAGES.partnerKey, undefined, { code: 'invalid_api_key' });

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/** The member behind the request; for handlers of routes with `area: 'beneficiary'`. */
export function requireBeneficiary(request: FastifyRequest): BeneficiaryIdentity {
  if (!request.beneficiary) throw new AppError('unauthenticated', ACCESS_MESSAGES.signIn);
  return request.beneficiary;
}

/**
 * The member behind a request whose route is public (e.g. `GET person-users/me`, which answers
 * "nothing" when signed out): `undefined` without a live beneficiary session.
 */
export async function findBeneficiary(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<BeneficiaryIdentity | undefined> {
  const token = bearerToken(request);
  const session = token ? await findActiveSession(app.db, token, 'beneficiary') : undefined;
  return session && { sessionId: session.id, personUserId: session.subjectId, verified: session.verified };
}

function beneficiaryGuard(app: FastifyInstance, requireVerified: boolean): onRequestHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthenticated', ACCESS_MESSAGES.signIn);
    const session = await findActiveSession(app.db, token, 'beneficiary');
    if (!session) throw await refusedToken(app, token, 'beneficiary');
    if (requireVerified && !session.verified) throw verifyFirst();
    request.beneficiary = { sessionId: session.id, personUserId: session.subjectId, verified: session.verified };
  };
}

/** The staff user behind the request; for handlers of routes with `area: 'admin'`. */
export function requireStaff(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new AppError('unauthenticated', ACCESS_MESSAGES.signIn);
  return request.staff;
}

/**
 * 401 without a live admin session of an active user (member tokens never match: `wrong_area`); then, unless
 * the route is a sign-in step, 403 before the PIN was entered or without the route's permission.
 * Session, roles and permissions come from the staff sessions cache (decision 029), which every
 * change that can take access away empties in every process first, so a change takes effect at once.
 */
function adminGuard(app: FastifyInstance, access: Extract<RouteAccess, { area: 'admin' }>): onRequestHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthenticated', ACCESS_MESSAGES.signIn);
    const found = await authenticateStaff(app.db, token);
    if (!found) throw await refusedToken(app, token, 'admin');
    const { session, access: staff } = found;
    request.staff = { sessionId: session.id, userId: staff.userId, email: staff.email, verified: session.verified };
    if ('session' in access && access.session === 'signing-in') return;
    if (!session.verified) throw verifyFirst();
    if ('session' in access) return;
    if (!hasPermission(staff, access.permission)) {
      throw new AppError('forbidden', ACCESS_MESSAGES.noPermission, undefined, { code: 'permission_missing' });
    }
  };
}

/** The partner behind the request; for handlers of routes with `area: 'partner'`. */
export function requirePartner(request: FastifyRequest): PartnerIdentity {
  if (!request.partner) throw invalidApiKey();
  return request.partner;
}

/**
 * 401 without a key in `Authorization: Bearer`, or with a key that is unknown or revoked, or whose
 * partner is inactive or deleted (`authenticate`). Staff and member tokens never match.
 */
function partnerGuard(authenticate: PartnerAuthenticator): onRequestHookHandler {
  return async (request) => {
    const key = bearerToken(request);
    const partner = key ? await authenticate(key) : undefined;
    if (!partner) throw invalidApiKey();
    request.partner = partner;
  };
}

/**
 * Why a declared access is not allowed for `url`, or undefined: `/api/v1` routes are `public` or
 * admin routes with a permission of the code's list (or a sign-in step); admin access is for
 * `/api/v1` only.
 */
function accessProblem(url: string, access: RouteAccess): string | undefined {
  const backOffice = url.startsWith('/api/v1/');
  const partnerApi = url.startsWith('/api/v2/');
  if (partnerApi !== (access !== 'public' && access.area === 'partner')) {
    return partnerApi
      ? 'a partner API route must declare { area: "partner" }'
      : 'partner access is only for /api/v2 routes';
  }
  if (access === 'public' || access.area === 'partner') return undefined;
  if (access.area === 'beneficiary') return backOffice ? 'a back-office route cannot take member sessions' : undefined;
  if (!backOffice) return 'admin access is only for /api/v1 routes';
  if ('session' in access) {
    return access.session === 'signing-in' || access.session === 'verified' ? undefined : 'unknown session requirement';
  }
  if (!access.permission || !isPermission(access.permission)) {
    return `declares no permission of the code's list (packages/contract PERMISSIONS): ${String(access.permission)}`;
  }
  return undefined;
}

/** A registered `/api` route and the access it declared (for the authorization matrix test). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

const declared = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every `/api` route registered on `app` so far, with its declared access. */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return declared.get(app) ?? [];
}

/** Paths served by plugins (documentation), which declare nothing. */
const UNDECLARED_ALLOWED = [/^\/api\/docs(\/|$)/, /^\/api\/openapi\.json$/];

/** Thrown at start for a route under `/api` that declares no access. */
export class UndeclaredAccessError extends Error {
  override name = 'UndeclaredAccessError';
}

/**
 * Refuses, at registration, any `/api` route without `config.access`, so that no route is
 * reachable by accident, and puts the declared check in front of each route: 401 without a live
 * session of the route's area (the other area's tokens never match), 403 when the session has not
 * entered its PIN. `/api/v1` routes must declare a permission (`accessProblem`): default deny.
 * Install before any route is registered. `authenticatePartner` checks partner API keys (the
 * partners module's, passed in so that platform imports no module; issue 15 item 7).
 */
export function installAccessControl(app: FastifyInstance, deps: { authenticatePartner: PartnerAuthenticator }): void {
  const routes: DeclaredRoute[] = [];
  declared.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api') || UNDECLARED_ALLOWED.some((pattern) => pattern.test(url))) return;
    if (!route.config || !('access' in route.config) || !route.config.access) {
      throw new UndeclaredAccessError(`Route ${String(route.method)} ${url} declares no config.access`);
    }
    const access = route.config?.access;
    const problem = accessProblem(url, access);
    if (problem) throw new UndeclaredAccessError(`Route ${String(route.method)} ${url}: ${problem}`);
    for (const method of [route.method].flat()) routes.push({ method: String(method), url, access });
    if (access && access !== 'public') {
      const guard =
        access.area === 'admin'
          ? adminGuard(app, access)
          : access.area === 'partner'
            ? partnerGuard(deps.authenticatePartner)
            : beneficiaryGuard(app, access.verified !== false);
      const existing = route.onRequest;
      route.onRequest = [guard, ...(existing ? (Array.isArray(existing) ? existing : [existing]) : [])];
    }
  });
}

/**
 * For an option of a call that needs a second permission (e.g. `unmasked=true` of an export needs
 * `benefits.export-unmasked`, issue 18): 403 with `message` unless the signed-in staff user holds it.
 * @throws AppError `forbidden` (403)
 */
export async function requireStaffPermission(
  db: FastifyInstance['db'],
  request: FastifyRequest,
  permission: Permission,
  message: string,
): Promise<void> {
  const access = request.staff && (await loadStaffAccess(db, request.staff.userId));
  if (!access || !hasPermission(access, permission)) {
    throw new AppError('forbidden', message, undefined, { code: 'permission_missing' });
  }
}
