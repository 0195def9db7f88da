import type { ApiClient, ApiError } from '@bcp/web-client/api-client';
import { getApiToken } from './session-store';

const unauthorizedListeners = new Set<(error: ApiError) => void>();

/** Subscribes to 401 answers (the shell ends the session and goes to sign-in). */
export function onUnauthorized(listener: (error: ApiError) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

let client: Promise<ApiClient> | undefined;

/**
 * The HTTP client (ky and qs-esm, about 6 kB compressed) loads with the first call, not with the
 * sign-in page: the page shows before it is needed (issue 40 item 1, decision 064).
 */
function loadClient(): Promise<ApiClient> {
  client ??= Promise.all([import('@bcp/web-client/api-client'), import('@bcp/web-client/xsrf')]).then(
    ([{ createApiClient }, { readXsrfToken }]) =>
      createApiClient({
        prefix: '/api',
        getToken: getApiToken,
        getXsrfToken: () => readXsrfToken(document.cookie),
        onUnauthorized: (error) => {
          for (const listener of unauthorizedListeners) listener(error);
        },
      }),
  );
  return client;
}

/**
 * The back office's one HTTP client, at `/api` (spec 7; `api.get('v1/users')`): `createApiClient`'s
 * methods, each loading the client on first use (every method answers a promise, so callers see
 * no difference).
 */
export const api: ApiClient = {
  request: async (method, path, options) => (await loadClient()).request(method, path, options),
  upload: async (path, form, options) => (await loadClient()).upload(path, form, options),
  get: async (path, options) => (await loadClient()).get(path, options),
  post: async (path, options) => (await loadClient()).post(path, options),
  put: async (path, options) => (await loadClient()).put(path, options),
  patch: async (path, options) => (await loadClient()).patch(path, options),
  delete: async (path, options) => (await loadClient()).delete(path, options),
};
