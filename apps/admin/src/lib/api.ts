import type { ApiError } from '@bcp/web-client/api-client';
import { createLazyApiClient } from '@bcp/web-client/lazy-api-client';
import { getApiToken } from './session-store';

/**
 * The back office's one HTTP client, at `/api` (spec 7; `api.get('v1/users')`), loaded with the
 * first call, not with the sign-in page: the page shows before it is needed (issue 40 item 1,
 * decision 064).
 */
const client = createLazyApiClient(async () => {
  const { readXsrfToken } = await import('@bcp/web-client/xsrf');
  return {
    prefix: '/api',
    getToken: getApiToken,
    getXsrfToken: () => readXsrfToken(document.cookie),
  };
});

/** `createApiClient`'s methods; each loads the client on first use (every one answers a promise). */
export const api = client.api;

/** Subscribes to 401 answers (the shell ends the session and goes to sign-in); returns the unsubscribe. */
export function onUnauthorized(listener: (error: ApiError) => void): () => void {
  return client.onUnauthorized(listener);
}
