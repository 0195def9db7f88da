import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { findActiveSession } from './sessions.js';

/**
 * Who may call a route. Every route under `/api` declares one in `config.access`; a route
 * without it stops the server at start (default deny, DESIGN.md "Conventions").
 * - `public`: anyone (rate limits still apply where the route sets them);
 * - `beneficiary`: a member's session token (area `beneficiary`); `verified` (default true) also
 *   requires the sign-in OTP to have been entered.
 */
export type RouteAccess = 'public' | { area: 'beneficiary'; verified?: boolean };

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
  }
}

export const ACCESS_MESSAGES = {
  signIn: 'Please sign in.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  verifyFirst: 'Enter the PIN we sent you to finish signing in.',
} as const;

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
    if (!session) throw new AppError('unauthenticated', ACCESS_MESSAGES.sessionEnded);
    if (requireVerified && !session.verified) throw new AppError('forbidden', ACCESS_MESSAGES.verifyFirst);
    request.beneficiary = { sessionId: session.id, personUserId: session.subjectId, verified: session.verified };
  };
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
 * entered its PIN. Install before any route is registered.
 */
export function installAccessControl(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api') || UNDECLARED_ALLOWED.some((pattern) => pattern.test(url))) return;
    if (!route.config || !('access' in route.config) || !route.config.access) {
      throw new UndeclaredAccessError(`Route ${String(route.method)} ${url} declares no config.access`);
    }
    const access = route.config?.access;
    if (access && access !== 'public') {
      const guard = beneficiaryGuard(app, access.verified !== false);
      const existing = route.onRequest;
      route.onRequest = [guard, ...(existing ? (Array.isArray(existing) ? existing : [existing]) : [])];
    }
  });
}
