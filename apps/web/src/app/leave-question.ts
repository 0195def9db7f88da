import type { AroundNavHandler } from 'wouter';
import type { LoginReason } from '../lib/session';
import { appPath } from './base-path';
import { asksBeforeLeaving } from './guard';

/** A navigation held back until the member answers 'Do you really want to leave?'. */
interface HeldNavigation {
  proceed: () => void;
}

let held: HeldNavigation | null = null;
const listeners = new Set<() => void>();
const hold = (next: HeldNavigation | null) => {
  held = next;
  for (const listener of listeners) listener();
};

/** Subscribes to the held navigation (for `useSyncExternalStore`). */
export function subscribeHeldNavigation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a navigation waits for the member's answer. */
export const isAskingToLeave = (): boolean => held !== null;

/** The member chose to leave: the held navigation goes ahead. */
export function proceedLeaving(): void {
  const navigation = held;
  hold(null);
  navigation?.proceed();
}

/** The member chose to stay: the held navigation is dropped. */
export function stayHere(): void {
  hold(null);
}

/**
 * In-app navigations (links and `navigate`) pass here first (wouter's `aroundNav`): one that spec 4
 * asks about (`/benefits` -> `/verify`, `/verify` -> `/auth/login`) is held until the member answers.
 * After a 401 (state `sessionEnded`) the session is already gone, and a redirect of the navigation
 * guard replaces the entry: nothing to ask for either.
 */
export const askBeforeLeaving: AroundNavHandler = (navigate, to, options) => {
  const sessionEnded = (options?.state as LoginReason | undefined)?.sessionEnded === true;
  const from = appPath(window.location.pathname);
  const target = appPath(to.split(/[?#]/, 1)[0] ?? to);
  if (!sessionEnded && !options?.replace && asksBeforeLeaving(from, target))
    hold({ proceed: () => navigate(to, options) });
  else navigate(to, options);
};

let lastPath = typeof window === 'undefined' ? '/' : appPath(window.location.pathname);
let reverting = false;
let leaving = false;

/**
 * The browser's Back and Forward buttons (spec 4, e.g. Back from `/benefits` to `/verify`): this
 * listener runs before the router's (it is added when the app loads), so a move that asks is
 * stopped before the page changes, the browser goes back to where the member was, and the
 * question is shown; leaving then repeats the move.
 */
function onPopState(event: PopStateEvent): void {
  const to = appPath(window.location.pathname);
  if (reverting) {
    reverting = false;
    event.stopImmediatePropagation();
    return;
  }
  if (!leaving && asksBeforeLeaving(lastPath, to)) {
    event.stopImmediatePropagation();
    reverting = true;
    window.history.go(1);
    hold({
      proceed: () => {
        leaving = true;
        window.history.go(-1);
      },
    });
    return;
  }
  leaving = false;
  lastPath = to;
}

/** Starts watching Back/Forward and remembers where in-app navigations go (call once, before the router mounts). */
export function installLeaveQuestion(): () => void {
  const remember = () => {
    lastPath = appPath(window.location.pathname);
  };
  lastPath = appPath(window.location.pathname);
  window.addEventListener('popstate', onPopState);
  window.addEventListener('pushState', remember);
  window.addEventListener('replaceState', remember);
  return () => {
    window.removeEventListener('popstate', onPopState);
    window.removeEventListener('pushState', remember);
    window.removeEventListener('replaceState', remember);
  };
}
