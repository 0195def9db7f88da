import { type ApiError, createApiClient } from './api-client';
import { getApiToken } from './session-store';
import { readXsrfToken } from './xsrf';

const unauthorizedListeners = new Set<(error: ApiError) => void>();

/** Subscribes to 401 answers (the session feature logs out and goes to login, spec section 4). */
export function onUnauthorized(listener: (error: ApiError) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The app's one HTTP client, at `<base>/api` (spec section 7). */
export const api = createApiClient({
  prefix: `${import.meta.env.BASE_URL}api`,
  getToken: getApiToken,
  getXsrfToken: () => readXsrfToken(document.cookie),
  onUnauthorized: (error) => {
    for (const listener of unauthorizedListeners) listener(error);
  },
});
