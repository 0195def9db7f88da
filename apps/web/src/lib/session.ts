import type { PersonUserResponse } from '@bcp/contract';
import { api, onUnauthorized } from './api';
import { clearSession, getApiToken, sessionSnapshot, setPersonUser } from './session-store';

/**
 * Loads the person user (spec 4 "Signed out to signed in"): set when the server returns one,
 * cleared when it returns nothing.
 */
export async function loadPersonUser(): Promise<PersonUserResponse | null> {
  const result = await api.get<PersonUserResponse | null>('app/person-users/me');
  const user = result.data ?? null;
  setPersonUser(user);
  return user;
}

/** Ends the session on the server (`DELETE beneficiary-sessions/logout`) and clears it here (spec 4). */
export async function logout(): Promise<void> {
  if (getApiToken()) await api.delete('app/beneficiary-sessions/logout');
  clearSession();
}

/**
 * Spec 4: "A 401 response while signed in clears the person user, runs logout and sends the user
 * to login." `goToLogin` navigates; returns the unsubscribe function.
 */
export function installUnauthorizedHandler(goToLogin: () => void): () => void {
  return onUnauthorized(() => {
    if (!sessionSnapshot().personUser && !getApiToken()) return;
    setPersonUser(null);
    clearSession();
    goToLogin();
  });
}
