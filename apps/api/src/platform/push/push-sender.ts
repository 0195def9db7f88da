import type { PushPayload } from '@bcp/contract';

/** A device push goes to: an FCM registration token (APP) or a web push subscription JSON (WEB). */
export interface PushTarget {
  source: 'APP' | 'WEB';
  token: string;
}

/**
 * What one push attempt came to. Transient failures (network, 5xx, 429) are thrown instead, so the
 * job is retried.
 * - `sent`: the push service accepted it;
 * - `gone`: the token or subscription no longer exists (404/410): forget the device;
 * - `undeliverable`: it cannot be sent and retrying will not help (channel not configured, host not
 *   allowed, refused as malformed); `reason` says why, without the token.
 */
export type PushResult = { status: 'sent' } | { status: 'gone' } | { status: 'undeliverable'; reason: string };

/** Sends one push to one device (DESIGN.md "Outbound channels": web push for WEB, FCM for APP). */
export interface PushSender {
  send(target: PushTarget, payload: PushPayload): Promise<PushResult>;
}

/** A failure worth retrying (a 5xx or 429 from the push service, a network error). */
export class TransientPushError extends Error {
  override name = 'TransientPushError';
}

/**
 * The server's one push sender: WEB targets through web push, APP targets through FCM.
 * @param web sends to a WEB subscription (`createWebPushSender`)
 * @param app sends to an APP registration token (`createFcmSender`)
 */
export function createPushSender(
  web: (token: string, payload: PushPayload) => Promise<PushResult>,
  app: (token: string, payload: PushPayload) => Promise<PushResult>,
): PushSender {
  return { send: (target, payload) => (target.source === 'WEB' ? web : app)(target.token, payload) };
}
