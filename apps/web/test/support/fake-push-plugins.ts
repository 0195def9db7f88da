/**
 * Stand-ins for the third-party Capacitor plugins `@capacitor/push-notifications` and
 * `@capacitor/local-notifications`, for component tests of the native push code (only these
 * plugins are faked; our code runs as is). Use with
 * `vi.mock('@capacitor/push-notifications', () => import('./support/fake-push-plugins').then((m) => m.pushNotificationsModule))`
 * and likewise `localNotificationsModule`. `nativePlatform('android')` makes the real
 * `@capacitor/core` report a native platform (it looks for the Android bridge on the window).
 * Importing the core here defines `window.Capacitor`, as the shell's native bridge does before the
 * app's scripts run (the app reads that global instead of importing the core).
 */
import '@capacitor/core';

type Listener = (payload: unknown) => void;

type PermissionState = 'granted' | 'denied' | 'prompt' | 'prompt-with-rationale';

/** What the fake push plugin does; set per test with `fakePush.reset({...})`. */
export interface FakePushScript {
  /** `checkPermissions()` answer. */
  permission: PermissionState;
  /** `requestPermissions()` answer, or an error it throws. */
  requestAnswer: PermissionState | Error;
  /** `register()` emits `registration` with this token, or `registrationError` when null. */
  token: string | null;
}

class FakePushNotifications {
  script: FakePushScript = { permission: 'granted', requestAnswer: 'granted', token: 'fcm-token-1' };
  listeners = new Map<string, Listener[]>();
  registerCalls = 0;
  requestCalls = 0;

  reset(script: Partial<FakePushScript> = {}) {
    this.script = { permission: 'granted', requestAnswer: 'granted', token: 'fcm-token-1', ...script };
    this.listeners.clear();
    this.registerCalls = 0;
    this.requestCalls = 0;
  }

  /** Delivers a plugin event (e.g. `pushNotificationReceived`) to the app's listeners. */
  emit(event: string, payload: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  checkPermissions = async () => ({ receive: this.script.permission });
  requestPermissions = async () => {
    this.requestCalls += 1;
    if (this.script.requestAnswer instanceof Error) throw this.script.requestAnswer;
    return { receive: this.script.requestAnswer };
  };
  addListener = async (event: string, listener: Listener) => {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return {
      remove: async () =>
        this.listeners.set(
          event,
          (this.listeners.get(event) ?? []).filter((l) => l !== listener),
        ),
    };
  };
  removeAllListeners = async () => this.listeners.clear();
  register = async () => {
    this.registerCalls += 1;
    const { token } = this.script;
    queueMicrotask(() =>
      token === null
        ? this.emit('registrationError', { error: 'FCM unavailable' })
        : this.emit('registration', { value: token }),
    );
  };
}

/** A local notification the app scheduled, with the time (ms since the epoch) it was scheduled at. */
export interface ScheduledLocal {
  at: number;
  notifications: { id: number; title: string; body: string; channelId?: string; extra?: unknown }[];
}

class FakeLocalNotifications {
  channels: { id: string; name: string; importance?: number }[] = [];
  scheduled: ScheduledLocal[] = [];

  reset() {
    this.channels = [];
    this.scheduled = [];
  }

  createChannel = async (channel: { id: string; name: string; importance?: number }) => {
    this.channels.push(channel);
  };
  schedule = async (options: { notifications: ScheduledLocal['notifications'] }) => {
    this.scheduled.push({ at: Date.now(), notifications: options.notifications });
    return { notifications: options.notifications.map((n) => ({ id: n.id })) };
  };
}

export const fakePush = new FakePushNotifications();
export const fakeLocal = new FakeLocalNotifications();
export const pushNotificationsModule = { PushNotifications: fakePush };
export const localNotificationsModule = { LocalNotifications: fakeLocal };

/** Makes the real `@capacitor/core` report `platform` (native) or the web (`'web'`). */
export function nativePlatform(platform: 'android' | 'ios' | 'web'): void {
  const win = globalThis as { androidBridge?: unknown; webkit?: unknown };
  delete win.androidBridge;
  delete win.webkit;
  if (platform === 'android') win.androidBridge = { postMessage: () => undefined };
  if (platform === 'ios') win.webkit = { messageHandlers: { bridge: { postMessage: () => undefined } } };
}
