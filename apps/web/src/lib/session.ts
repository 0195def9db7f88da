import type { PersonUserResponse } from '@bcp/contract';
import { unregisterDeviceForLogout } from '../features/notifications/register-token';
import { forgetRegistration } from '../features/notifications/token-store';
import { api, onUnauthorized } from './api';
import { clearSession, getApiToken, sessionSnapshot, setPersonUser } from './session-store';

/** Why the login page was opened: `sessionEnded` after a 401 (react-router location state). */
export interface LoginReason {
  sessionEnded?: boolean;
}

/** What the login page says after a 401 (issue 14). */
export const SESSION_ENDED_MESSAGE = 'Your session ended. Please sign in again.';

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

/**
 * Logout (spec 4): removes this device's push registration for the member (a shared phone must
 * not go on receiving their notifications), ends the session on the server
 * (`DELETE beneficiary-sessions/logout`) and clears it here.
 */
export async function logout(): Promise<void> {
  if (getApiToken()) {
    await unregisterDeviceForLogout();
    await api.delete('app/beneficiary-sessions/logout');
  } else forgetRegistration();
  clearSession();
}

/**
 * Spec 4: "A 401 response while signed in clears the person user, runs logout and sends the user
 * to login." The session is already dead on the server, so it is cleared here only (and the
 * device's registration forgotten, for the next member to make). `goToLogin` navigates, with
 * `{ sessionEnded: true }` for the login page's notice; returns the unsubscribe function.
 */
export function installUnauthorizedHandler(goToLogin: (reason: LoginReason) => void): () => void {
  return onUnauthorized(() => {
    if (!sessionSnapshot().personUser && !getApiToken()) return;
    forgetRegistration();
    clearSession();
    goToLogin({ sessionEnded: true });
  });
}
