import type { PersonUserResponse } from '@bcp/contract';
import { api, onUnauthorized } from './api';
import { clearSession, getApiToken, sessionSnapshot, setPersonUser } from './session-store';

/** Why the login page was opened: `sessionEnded` after a 401 (the history entry's state). */
export interface LoginReason {
  sessionEnded?: boolean;
}

/**
 * Loads the person user (spec 4 "Signed out to signed in"): set when the server returns one,
 * cleared when it returns nothing. When it answers nothing (or 401), the stored api token is
 * cleared too: it no longer names a member. A failed call (no answer) keeps the token.
 */
export async function loadPersonUser(): Promise<PersonUserResponse | null> {
  const result = await api.get<PersonUserResponse | null>('app/person-users/me');
  const user = result.data ?? null;
  setPersonUser(user);
  if (!user && (!result.error || result.error.status === 401)) clearSession();
  return user;
}

/** What a feature does when the session ends (the push feature: this device's registration). */
export interface SessionEndSteps {
  /** At logout, while the session still works on the server (e.g. `DELETE firebase/device`). */
  beforeLogout?: () => Promise<void>;
  /** Once the session is cleared here, by logout or a 401. */
  afterEnd?: () => void;
}

const endSteps = new Set<SessionEndSteps>();

/** Adds steps to every end of a session (the app wires features in; lib imports none). */
export function onSessionEnd(steps: SessionEndSteps): () => void {
  endSteps.add(steps);
  return () => endSteps.delete(steps);
}

/**
 * True while `logout` runs: a call that was under way (the notification total, live updates) may
 * answer 401 once the server has ended the session, and that is the logout, not a session that
 * ended by itself.
 */
let loggingOut = false;

function endSession(): void {
  clearSession();
  for (const steps of endSteps) steps.afterEnd?.();
}

/**
 * Logout (spec 4): runs the features' steps while the session still works (the push feature
 * removes this device's registration for the member: a shared phone must not go on receiving
 * their notifications), ends the session on the server (`DELETE beneficiary-sessions/logout`)
 * and clears it here.
 */
export async function logout(): Promise<void> {
  loggingOut = true;
  try {
    if (getApiToken()) {
      for (const steps of endSteps) await steps.beforeLogout?.();
      await api.delete('app/beneficiary-sessions/logout');
    }
    endSession();
  } finally {
    loggingOut = false;
  }
}

/**
 * Spec 4: "A 401 response while signed in clears the person user, runs logout and sends the user
 * to login." The session is already dead on the server, so it is cleared here only (the features'
 * `afterEnd` steps run). `goToLogin` navigates, with
 * `{ sessionEnded: true }` for the login page's notice; returns the unsubscribe function.
 */
export function installUnauthorizedHandler(goToLogin: (reason: LoginReason) => void): () => void {
  return onUnauthorized(() => {
    if (loggingOut || (!sessionSnapshot().personUser && !getApiToken())) return;
    endSession();
    goToLogin({ sessionEnded: true });
  });
}
