import { isNativeApp } from './platform';

/**
 * Registers the app's service worker (`public/sw.js`) once the page has loaded, so it can answer a
 * navigation with the offline page when there is no connection (issue 14 item 9); push setup later
 * registers the same URL and scope, so it gets the same registration. Production web builds only: the native app and the Vite dev server
 * go without it. Failure is silent: the app works without a service worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || isNativeApp() || !('serviceWorker' in navigator)) return;
  // The site root, or `/portal/` for that build (spec 9); Vite's BASE_URL always ends with `/`.
  const scope = import.meta.env.BASE_URL;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(`${scope}sw.js`, { scope }).catch(() => undefined);
  });
}

registerServiceWorker();
