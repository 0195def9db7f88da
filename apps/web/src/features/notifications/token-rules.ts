import { PUSH } from '@bcp/contract';

/** The registered token, when it was last saved on the server (ms since the epoch) and for whom. */
export interface StoredToken {
  token: string;
  savedAt: number;
  /** The member it was registered for; null when no member has it (after logout). */
  personUserId: number | null;
}

/**
 * What to do with the current push token for member `personUserId` (spec sections 4 and 9):
 * - `register`: nothing registered yet, or registered for someone else (a shared phone: the
 *   server moves the token to this member);
 * - `replace`: the subscription differs from the registered one (recreated): register the new
 *   token and drop the previous one;
 * - `refresh`: registered 7 days ago or more: register it again;
 * - `keep`: registered and fresh.
 */
export function decideTokenAction(
  stored: StoredToken | null,
  current: string,
  now: number,
  personUserId: number,
): 'register' | 'replace' | 'refresh' | 'keep' {
  if (!stored || stored.personUserId !== personUserId) return 'register';
  if (stored.token !== current) return 'replace';
  if (now - stored.savedAt >= PUSH.tokenRefreshMs) return 'refresh';
  return 'keep';
}

/** Whether a subscription was made with this VAPID key (else it must be recreated). */
export function sameApplicationServerKey(subscriptionKey: ArrayBuffer | null | undefined, publicKey: string): boolean {
  if (!subscriptionKey) return false;
  const bytes = new Uint8Array(subscriptionKey);
  const expected = base64UrlToBytes(publicKey);
  return bytes.length === expected.length && bytes.every((byte, index) => byte === expected[index]);
}

/** base64url text to bytes (VAPID keys as `PushManager.subscribe` wants them). */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
