import { PUSH } from '@bcp/contract';

/**
 * The one place native code paths live (issue 5): the web build and tests run without a device,
 * because the Capacitor plugins are imported only when running inside the native shell.
 */

/** The global the Capacitor shell's native bridge defines before the page's scripts run. */
interface CapacitorGlobal {
  Capacitor?: { isNativePlatform?: () => boolean };
}

/**
 * True inside the Android/iOS app (Capacitor), false in a browser. Reads the native bridge's
 * `window.Capacitor` rather than importing `@capacitor/core`, which would put the core into every
 * browser's first load (issue 14 item 7); the plugins below import it when they are needed.
 */
export function isNativeApp(): boolean {
  return (globalThis as CapacitorGlobal).Capacitor?.isNativePlatform?.() === true;
}

/** A push message received while the app is in the foreground (spec 3 "Push message fields read"). */
export interface ForegroundPush {
  title?: string | undefined;
  body?: string | undefined;
  data?: Record<string, unknown>;
}

export interface NativePushHandlers {
  /** The FCM registration token (source APP). */
  onToken: (token: string) => void;
  onRegistrationError: () => void;
  onForeground: (push: ForegroundPush) => void;
}

/**
 * Native push (`@capacitor/push-notifications`): asks permission when not yet decided, registers
 * with FCM/APNs and listens. On Android a foreground message is re-posted after 100 ms as a local
 * notification (`@capacitor/local-notifications`) on channel `high_priority_channel` (spec 9),
 * because Android shows no system notification for a foreground app.
 * @returns `granted`, or `denied` when the person refused
 */
export async function registerNativePush(handlers: NativePushHandlers): Promise<'granted' | 'denied'> {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  let status = await PushNotifications.checkPermissions();
  if (status.receive === 'prompt' || status.receive === 'prompt-with-rationale') {
    status = await PushNotifications.requestPermissions();
  }
  if (status.receive !== 'granted') return 'denied';
  const { Capacitor } = await import('@capacitor/core');
  const android = Capacitor.getPlatform() === 'android';
  const local = android ? (await import('@capacitor/local-notifications')).LocalNotifications : undefined;
  await local?.createChannel({ id: PUSH.androidChannelId, name: 'Notifications', importance: 5, visibility: 1 });
  await PushNotifications.removeAllListeners();
  await PushNotifications.addListener('registration', (token) => handlers.onToken(token.value));
  await PushNotifications.addListener('registrationError', () => handlers.onRegistrationError());
  await PushNotifications.addListener('pushNotificationReceived', (message) => {
    handlers.onForeground({ title: message.title, body: message.body, data: message.data });
    if (!local) return;
    setTimeout(() => {
      void local.schedule({
        notifications: [
          {
            id: Math.floor(Math.random() * 2_000_000_000),
            title: message.title ?? '',
            body: message.body ?? '',
            channelId: PUSH.androidChannelId,
            extra: message.data,
          },
        ],
      });
    }, PUSH.androidRepostDelayMs);
  });
  await PushNotifications.register();
  return 'granted';
}
