import type { DeviceSource } from '@bcp/contract';
import { removeDevice, saveDevice } from './api/devices';
import { decideTokenAction } from './token-rules';
import { forgetRegistration, readStoredToken, writeStoredToken } from './token-store';

/**
 * Registers the push token with the server for `personUserId` when needed (spec 4: refreshed after
 * 7 days, recreated when the subscription differs; registered again when another member signs in
 * on this device): `POST firebase/device` with `previousToken` when it replaces one.
 * @returns false when the server refused ('Unable to save token' is the caller's to show)
 */
export async function registerToken(personUserId: number, source: DeviceSource, token: string): Promise<boolean> {
  const stored = readStoredToken();
  const action = decideTokenAction(stored, token, Date.now(), personUserId);
  if (action === 'keep') return true;
  const result = await saveDevice({
    personUserId,
    source,
    token,
    ...(action === 'replace' && stored ? { previousToken: stored.token } : {}),
  });
  if (result.error) return false;
  writeStoredToken(token, personUserId);
  return true;
}

/** Forgets the registered token on the server and here (spec 4: removed on unsubscribe). */
export async function unregisterToken(): Promise<void> {
  const stored = readStoredToken();
  if (!stored) return;
  await removeDevice(stored.token);
  writeStoredToken(null, null);
}

/**
 * Logout on a possibly shared device: the signed-in member's registration of this device is
 * removed on the server (`DELETE firebase/device`, while the session still works), so their
 * notifications stop arriving here; the token itself stays for the next member to register.
 * Call it before the session is deleted. Never throws; a failed call leaves the server's record
 * to be moved by the next member's registration.
 */
export async function unregisterDeviceForLogout(): Promise<void> {
  const stored = readStoredToken();
  // The server removes only the caller's own registration of the token.
  if (stored) await removeDevice(stored.token);
  forgetRegistration();
}

/**
 * The push feature's part in ending a session (wired in by the app with `onSessionEnd`): at
 * logout the device's registration is removed on the server; after any end (logout, 401) the
 * registration record is forgotten, so the next member to sign in registers the device.
 */
export const pushSessionEndSteps = {
  beforeLogout: unregisterDeviceForLogout,
  afterEnd: forgetRegistration,
} as const;
