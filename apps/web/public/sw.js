/**
 * The app's service worker (issue 5; spec section 9: at the site root, or under /portal/ for that
 * build; its scope is the folder it is served from). Shows web push messages as system
 * notifications and opens the app when one is clicked. Push payloads carry only
 * `{ notificationId, title, body, event }` (no personal data); the app reads the real body.
 */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = payload.title || 'Notification';
  const options = {
    body: payload.body || 'No Body',
    tag: payload.notificationId ? `notification-${payload.notificationId}` : undefined,
    data: { notificationId: payload.notificationId },
    icon: `${self.registration.scope}favicon.svg`,
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.registration.scope));
      return open ? open.focus() : self.clients.openWindow(self.registration.scope);
    }),
  );
});
