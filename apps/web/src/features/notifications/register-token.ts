import type { DeviceSource } from '@bcp/contract';
import { removeDevice, saveDevice } from './api/devices';
import { decideTokenAction } from './token-rules';
import { readStoredToken, writeStoredToken } from './token-store';

/**
 * Registers the push token with the server when needed (spec 4: refreshed after 7 days, recreated
 * when the subscription differs): `POST firebase/device` with `previousToken` when it replaces one.
 * @returns false when the server refused ('Unable to save token' is the caller's to show)
 */
export async function registerToken(personUserId: number, source: DeviceSource, token: string): Promise<boolean> {
  const stored = readStoredToken();
  const action = decideTokenAction(stored, token, Date.now());
  if (action === 'keep') return true;
  const result = await saveDevice({
    personUserId,
    source,
    token,
    ...(action === 'replace' && stored ? { previousToken: stored.token } : {}),
  });
  if (result.error) return false;
  writeStoredToken(token);
  return true;
}

/** Forgets the registered token on the server and here (spec 4: removed on unsubscribe). */
export async function unregisterToken(): Promise<void> {
  const stored = readStoredToken();
  if (!stored) return;
  await removeDevice(stored.token);
  writeStoredToken(null);
}
