import { readFileSync } from 'node:fs';
import { PUSH, type PushPayload } from '@bcp/contract';
import { type PushResult, TransientPushError } from './push-sender.js';

/** FCM error codes meaning the registration token is gone for good. */
const GONE_CODES = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);
/** FCM error codes worth retrying. */
const TRANSIENT_CODES = new Set([
  'messaging/internal-error',
  'messaging/server-unavailable',
  'messaging/message-rate-exceeded',
  'messaging/device-message-rate-exceeded',
  'messaging/unknown-error',
]);

type SendFcm = (message: object) => Promise<string>;

/**
 * Pushes to the native app (APP tokens) through Firebase Cloud Messaging (`firebase-admin`), with
 * the service account in `serviceAccountFile`. firebase-admin is loaded only when configured.
 * Android messages go on channel `high_priority_channel` with high priority (spec section 9).
 * Without a service account every push is `undeliverable` (recorded, not dropped).
 */
export function createFcmSender(serviceAccountFile: string | undefined) {
  let sendFcm: Promise<SendFcm> | undefined;

  async function loadFirebase(file: string): Promise<SendFcm> {
    const [{ cert, initializeApp }, { getMessaging }] = await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/messaging'),
    ]);
    const app = initializeApp({ credential: cert(JSON.parse(readFileSync(file, 'utf8'))) }, 'bcp-fcm');
    const messaging = getMessaging(app);
    return (message) => messaging.send(message as Parameters<typeof messaging.send>[0]);
  }

  return async function sendFcmPush(token: string, payload: PushPayload): Promise<PushResult> {
    if (!serviceAccountFile) return { status: 'undeliverable', reason: 'FCM is not configured' };
    sendFcm ??= loadFirebase(serviceAccountFile);
    try {
      const send = await sendFcm;
      await send({
        token,
        notification: { title: payload.title, body: payload.body },
        data: { notificationId: String(payload.notificationId), event: payload.event },
        android: { priority: 'high', notification: { channelId: PUSH.androidChannelId } },
        apns: { payload: { aps: { sound: 'default' } } },
      });
      return { status: 'sent' };
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (GONE_CODES.has(code)) return { status: 'gone' };
      if (TRANSIENT_CODES.has(code) || !code) throw new TransientPushError(`FCM failed: ${code || 'network error'}`);
      return { status: 'undeliverable', reason: `FCM refused it (${code})` };
    }
  };
}
