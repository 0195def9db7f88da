import type { NOTIFICATION_MESSAGES } from '@bcp/contract';
import { i18next } from '../../i18n';
import { type ForegroundPush, isNativeApp, registerNativePush } from '../../lib/platform';
import { getWebPushKey } from './api/devices';
import { registerToken, unregisterToken } from './register-token';
import { base64UrlToBytes, sameApplicationServerKey } from './token-rules';

/** A notice of spec 8 about push, in the app's language. */
function say(key: keyof typeof NOTIFICATION_MESSAGES): string {
  return i18next.t(`messages.notification.${key}`);
}

/** How the permission flow talks to the person (toasts and the browser-denied alert), in the app's language. */
export interface PushSetupNotices {
  positive: (message: string) => void;
  negative: (message: string) => void;
  alert: (message: string) => void;
  onForeground: (push: ForegroundPush) => void;
}

/** The service worker's URL and scope: the site root, or `/portal/` for that build (spec 9). */
export function serviceWorkerLocation(base: string = import.meta.env.BASE_URL): { url: string; scope: string } {
  const scope = base.endsWith('/') ? base : `${base}/`;
  return { url: `${scope}sw.js`, scope };
}

/**
 * The browser's subscription for this VAPID key: the existing one, or a new one; an old one made
 * with another key is unsubscribed, and its token removed from the server, first.
 */
async function webSubscription(registration: ServiceWorkerRegistration, publicKey: string) {
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameApplicationServerKey(existing.options.applicationServerKey, publicKey)) return existing;
  if (existing) {
    await existing.unsubscribe();
    await unregisterToken();
  }
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(publicKey),
  });
}

/** Web: permission (spec 8 messages), service worker, subscription, token registration (source WEB). */
async function setUpWebPush(personUserId: number, notices: PushSetupNotices): Promise<void> {
  if (!('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) return;
  let permission = Notification.permission;
  if (permission === 'denied') {
    // Blocked after a token was registered: the browser dropped the subscription; forget it too.
    await unregisterToken();
    notices.alert(say('browserDenied'));
    return;
  }
  if (permission === 'default') {
    try {
      permission = await Notification.requestPermission();
    } catch (error) {
      notices.negative(say('permissionError').replace('{message}', (error as Error).message));
      return;
    }
    if (permission !== 'granted') {
      notices.negative(say('permissionDenied'));
      return;
    }
    notices.positive(say('permissionGranted'));
  }
  let token: string;
  try {
    const { url, scope } = serviceWorkerLocation();
    const registration = await navigator.serviceWorker.register(url, { scope });
    const key = await getWebPushKey();
    if (key.error) throw new Error('no web push key');
    const subscription = await webSubscription(registration, key.data.publicKey);
    token = JSON.stringify(subscription.toJSON());
  } catch {
    notices.negative(say('registrationFailed'));
    return;
  }
  if (!(await registerToken(personUserId, 'WEB', token))) notices.negative(say('saveTokenFailed'));
}

/** Native: permission, FCM/APNs registration, token registration (source APP), foreground messages. */
async function setUpNativePush(personUserId: number, notices: PushSetupNotices): Promise<void> {
  try {
    const permission = await registerNativePush({
      onToken: async (token) => {
        if (!(await registerToken(personUserId, 'APP', token))) notices.negative(say('saveTokenFailed'));
      },
      onRegistrationError: () => notices.negative(say('registrationFailed')),
      onForeground: notices.onForeground,
    });
    if (permission === 'denied') notices.negative(say('permissionDenied'));
  } catch (error) {
    notices.negative(say('permissionError').replace('{message}', (error as Error).message));
  }
}

/**
 * Spec 4 "When the person user becomes set": asks for notification permission (native, or the
 * browser's default/denied/granted) and registers the device token. Never throws.
 */
export function setUpPush(personUserId: number, notices: PushSetupNotices): Promise<void> {
  return isNativeApp() ? setUpNativePush(personUserId, notices) : setUpWebPush(personUserId, notices);
}
