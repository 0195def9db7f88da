/**
 * The app's service worker (issue 5; spec section 9: at the site root, or under /portal/ for that
 * build; its scope is the folder it is served from). Shows web push messages as system
 * notifications and opens the app when one is clicked. Push payloads carry only
 * `{ notificationId, title, body, event }` (no personal data); the app reads the real body.
 */

// Offline (issue 14 item 9): the offline page is cached at install; a page navigation that cannot
// reach the server gets it instead of the browser's error. Only navigations are handled: API calls
// and assets go to the network as before (hashed assets are cached by the browser).
const OFFLINE_CACHE = 'bcp-offline-v1';
const OFFLINE_URL = new URL('offline.html', self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('bcp-offline-') && name !== OFFLINE_CACHE)
          .map((name) => caches.delete(name)),
      );
      // The navigation starts while the worker wakes up, so handling it adds no delay.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) || (await fetch(event.request));
      } catch {
        const offline = await caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE });
        return offline || Response.error();
      }
    })(),
  );
});

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
