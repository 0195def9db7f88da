import { getFcmToken, setFcmToken } from '../../lib/session-store';
import type { StoredToken } from './token-rules';

/** When the push token was last saved on the server (ms), beside the spec's `fcmToken` key. */
const SAVED_AT_KEY = 'fcmTokenSavedAt';
/** For which member the push token is registered on the server (a shared phone changes hands). */
const PERSON_USER_KEY = 'fcmTokenPersonUserId';

/** The push token (spec 3 `fcmToken`), when it was saved on the server and for whom, or null. */
export function readStoredToken(): StoredToken | null {
  const token = getFcmToken();
  const savedAt = Number(localStorage.getItem(SAVED_AT_KEY));
  const owner = Number(localStorage.getItem(PERSON_USER_KEY));
  return token
    ? {
        token,
        savedAt: Number.isFinite(savedAt) ? savedAt : 0,
        personUserId: Number.isInteger(owner) && owner > 0 ? owner : null,
      }
    : null;
}

/** Records the token the server now has for `personUserId`; null forgets the token itself. */
export function writeStoredToken(token: string | null, personUserId: number | null, now = Date.now()): void {
  setFcmToken(token);
  if (token && personUserId !== null) {
    localStorage.setItem(SAVED_AT_KEY, String(now));
    localStorage.setItem(PERSON_USER_KEY, String(personUserId));
  } else forgetRegistration();
}

/**
 * Forgets that the token is registered to a member (logout): `fcmToken` stays, as the browser's
 * push subscription does, and the next member to sign in registers it for themself.
 */
export function forgetRegistration(): void {
  localStorage.removeItem(SAVED_AT_KEY);
  localStorage.removeItem(PERSON_USER_KEY);
}
