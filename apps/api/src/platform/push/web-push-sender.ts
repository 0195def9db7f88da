import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { type PushPayload, WebPushSubscription } from '@bcp/contract';
import type { PushConfig } from '../../config.js';
import { type PushResult, TransientPushError } from './push-sender.js';
import type { VapidKeys } from './vapid-keys.js';

/** Seconds a push service keeps an undelivered message (a device offline): one day. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/** Whether `host` is one of `allowed` or a subdomain of one. */
export function isAllowedPushHost(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((entry) => name === entry || name.endsWith(`.${entry}`));
}

/**
 * Web push through the standard Push API protocol (`web-push`: VAPID JWT ES256, RFC 8291
 * aes128gcm payload encryption). Only to https endpoints on `config.allowedHosts`; trusts
 * `config.caFile` besides the system CAs. Without VAPID keys every push is `undeliverable`.
 * @returns a sender of one subscription (the WEB token: `PushSubscription.toJSON()` as JSON)
 */
export function createWebPushSender(config: PushConfig, keys: VapidKeys | undefined) {
  const agent = config.caFile ? new Agent({ ca: readFileSync(config.caFile), keepAlive: false }) : undefined;
  return async function sendWebPush(token: string, payload: PushPayload): Promise<PushResult> {
    if (!keys) return { status: 'undeliverable', reason: 'web push is not configured (no VAPID keys)' };
    let subscription: WebPushSubscription;
    try {
      subscription = WebPushSubscription.parse(JSON.parse(token));
    } catch {
      return { status: 'undeliverable', reason: 'the WEB token is not a push subscription' };
    }
    const host = new URL(subscription.endpoint).hostname;
    if (!isAllowedPushHost(host, config.allowedHosts)) {
      return { status: 'undeliverable', reason: `push service host ${host} is not allowed` };
    }
    // web-push loads at the first push, not at the server's start.
    const { default: webPush } = await import('web-push');
    try {
      await webPush.sendNotification(subscription, JSON.stringify(payload), {
        vapidDetails: { subject: config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        timeout: TIMEOUT_MS,
        ...(agent ? { agent } : {}),
      });
      return { status: 'sent' };
    } catch (error) {
      if (error instanceof webPush.WebPushError) {
        if (error.statusCode === 404 || error.statusCode === 410) return { status: 'gone' };
        if (error.statusCode === 429 || error.statusCode >= 500) {
          throw new TransientPushError(`push service answered ${error.statusCode}`);
        }
        return { status: 'undeliverable', reason: `push service refused it (${error.statusCode})` };
      }
      throw new TransientPushError(`push service unreachable: ${(error as Error).message}`);
    }
  };
}
