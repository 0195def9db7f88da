import { getFcmToken, setFcmToken } from '../../lib/session-store';
import type { StoredToken } from './token-rules';

/** When the push token was last saved on the server (ms), beside the spec's `fcmToken` key. */
const SAVED_AT_KEY = 'fcmTokenSavedAt';

/** The registered push token and when it was saved, or null. */
export function readStoredToken(): StoredToken | null {
  const token = getFcmToken();
  const savedAt = Number(localStorage.getItem(SAVED_AT_KEY));
  return token ? { token, savedAt: Number.isFinite(savedAt) ? savedAt : 0 } : null;
}

/** Records the token the server now has; null forgets it. */
export function writeStoredToken(token: string | null, now = Date.now()): void {
  setFcmToken(token);
  if (token) localStorage.setItem(SAVED_AT_KEY, String(now));
  else localStorage.removeItem(SAVED_AT_KEY);
}
