import { paths } from '../config/paths';

export interface GuardState {
  hasUser: boolean;
  iidentifiiVerified: boolean;
  verified: boolean;
}

export interface GuardDecision {
  /** Where to go instead; undefined to stay. */
  redirect?: string;
  /** Log out first. */
  logout?: boolean;
}

/**
 * Paths allowed without a user (spec 4): auth, sign-up, search, id-verify, verify and main; and
 * "Is this message from us?" (issue 21 item 4).
 */
const PUBLIC_PREFIXES = ['/auth/', '/sign-up/', '/search-complete/', '/id-verify/'];
const PUBLIC_PATHS = ['/verify', '/main', paths.checkMessage()];

/**
 * The navigation guard's rules (spec section 4), for a path without the base:
 * - `/` when iidentifiiVerified and verified goes to benefits;
 * - `/benefits` or `/` when not both verified logs out and goes to search;
 * - `/verify` with no user goes to login;
 * - auth, sign-up, search, id-verify, verify, main and check-message paths are allowed without a user;
 * - any other path with no user goes to search.
 */
export function decideNavigation(path: string, state: GuardState): GuardDecision {
  const bothVerified = state.hasUser && state.iidentifiiVerified && state.verified;
  if (path === '/' || path === '') {
    return bothVerified ? { redirect: paths.benefits() } : { redirect: paths.search(), logout: state.hasUser };
  }
  if (path === paths.benefits() || path.startsWith(`${paths.benefits()}/`)) {
    return bothVerified ? {} : { redirect: paths.search(), logout: state.hasUser };
  }
  if (path === paths.verify() && !state.hasUser) return { redirect: paths.login() };
  if (PUBLIC_PATHS.includes(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix))) return {};
  return state.hasUser ? {} : { redirect: paths.search() };
}

/**
 * Spec 4: going from /benefits to /verify, or from /verify to /auth/login, asks 'Do you really
 * want to leave?' (confirming logs the user out; declining cancels).
 */
export function asksBeforeLeaving(from: string, to: string): boolean {
  return (from === paths.benefits() && to === paths.verify()) || (from === paths.verify() && to === paths.login());
}
