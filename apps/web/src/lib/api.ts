import type { ApiClient, ApiError } from './api-client';
import { getApiToken } from './session-store';

const unauthorizedListeners = new Set<(error: ApiError) => void>();

/** Subscribes to 401 answers (the session feature logs out and goes to login, spec section 4). */
export function onUnauthorized(listener: (error: ApiError) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

let client: Promise<ApiClient> | undefined;

/**
 * The HTTP client (ky and qs-esm, about 6 kB compressed) loads with the first call, not with the
 * first page: `/auth/search` shows before it is needed (issue 40 item 1, the first-load budget).
 */
function loadClient(): Promise<ApiClient> {
  client ??= Promise.all([import('@bcp/web-client/api-client'), import('./xsrf')]).then(
    ([{ createApiClient }, { readXsrfToken }]) =>
      createApiClient({
        prefix: `${import.meta.env.BASE_URL}api`,
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
 * The app's one HTTP client, at `<base>/api` (spec section 7): `createApiClient`'s methods, each
 * loading the client on first use (every method answers a promise, so callers see no difference).
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
