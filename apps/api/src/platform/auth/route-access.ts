import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Who may call a route. Every route under `/api` declares one in `config.access`; a route
 * without it stops the server at start (default deny, DESIGN.md "Conventions").
 * - `public`: anyone (rate limits still apply where the route sets them);
 * - `beneficiary`: a member's session token (area `beneficiary`); `verified` (default true) also
 *   requires the sign-in OTP to have been entered.
 */
export type RouteAccess = 'public' | { area: 'beneficiary'; verified?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Paths served by plugins (documentation), which declare nothing. */
const UNDECLARED_ALLOWED = [/^\/api\/docs(\/|$)/, /^\/api\/openapi\.json$/];

/** Thrown at start for a route under `/api` that declares no access. */
export class UndeclaredAccessError extends Error {
  override name = 'UndeclaredAccessError';
}

/**
 * Refuses, at registration, any `/api` route without `config.access`, so that no route is
 * reachable by accident. Install before any route is registered.
 */
export function requireAccessDeclarations(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api') || UNDECLARED_ALLOWED.some((pattern) => pattern.test(url))) return;
    if (!route.config || !('access' in route.config) || !route.config.access) {
      throw new UndeclaredAccessError(`Route ${String(route.method)} ${url} declares no config.access`);
    }
  });
}
