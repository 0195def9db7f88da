import { createLazyApiClient } from '@bcp/web-client/lazy-api-client';
import type { ApiError } from './api-client';
import { getApiToken } from './session-store';

/**
 * The app's one HTTP client, at `<base>/api` (spec section 7), loaded with the first call, not
 * with the first page: `/auth/search` shows before it is needed (issue 40 item 1, the first-load
 * budget).
 */
const client = createLazyApiClient(async () => {
  const { readXsrfToken } = await import('./xsrf');
  return {
    prefix: `${import.meta.env.BASE_URL}api`,
    getToken: getApiToken,
    getXsrfToken: () => readXsrfToken(document.cookie),
  };
});

/** `createApiClient`'s methods; each loads the client on first use (every one answers a promise). */
export const api = client.api;

/** Subscribes to 401 answers (the session feature logs out and goes to login, spec section 4). */
export function onUnauthorized(listener: (error: ApiError) => void): () => void {
  return client.onUnauthorized(listener);
}
