/**
 * Stand-ins for the browser's push APIs that jsdom lacks (`Notification`, `navigator.serviceWorker`,
 * `PushManager`), for component tests of the web push set-up. `installWebPush` puts them on the
 * window with a script for this test; `uninstallWebPush` removes them. Records what the app asked.
 */
export interface WebPushScript {
  /** `Notification.permission` before the app asks. */
  permission: NotificationPermission;
  /** What `Notification.requestPermission()` answers, or the error it throws. */
  requestAnswer: NotificationPermission | Error;
  /** `serviceWorker.register` rejects. */
  registerFails: boolean;
}

/** The subscription the fake push service hands out (what the app sends as the token). */
export const FAKE_SUBSCRIPTION = {
  endpoint: 'https://push.example.test/send/abc123',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

export const webPush = {
  requestCalls: 0,
  registered: [] as { url: string; options: RegistrationOptions | undefined }[],
};

export function installWebPush(overrides: Partial<WebPushScript> = {}): void {
  const script: WebPushScript = { permission: 'default', requestAnswer: 'granted', registerFails: false, ...overrides };
  webPush.requestCalls = 0;
  webPush.registered = [];

  const fakeNotification = {
    permission: script.permission,
    async requestPermission(): Promise<NotificationPermission> {
      webPush.requestCalls += 1;
      if (script.requestAnswer instanceof Error) throw script.requestAnswer;
      fakeNotification.permission = script.requestAnswer;
      return script.requestAnswer;
    },
  };
  let subscription: { options: { applicationServerKey: ArrayBuffer } } | null = null;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async (options: { applicationServerKey: Uint8Array<ArrayBuffer> }) => {
      subscription = {
        options: { applicationServerKey: options.applicationServerKey.buffer },
        toJSON: () => FAKE_SUBSCRIPTION,
        unsubscribe: async () => true,
      } as { options: { applicationServerKey: ArrayBuffer } };
      return subscription;
    },
  };
  const serviceWorker = {
    register: async (url: string, options?: RegistrationOptions) => {
      webPush.registered.push({ url, options });
      if (script.registerFails) throw new Error('Service worker registration failed');
      return { pushManager };
    },
  };
  Object.assign(window, { Notification: fakeNotification, PushManager: class {} });
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
}

export function uninstallWebPush(): void {
  const win = window as { Notification?: unknown; PushManager?: unknown };
  delete win.Notification;
  delete win.PushManager;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
}
