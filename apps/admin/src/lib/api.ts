import { type ApiError, createApiClient, readXsrfToken } from '@bcp/web-client';
import { getApiToken } from './session-store';

const unauthorizedListeners = new Set<(error: ApiError) => void>();

/** Subscribes to 401 answers (the shell ends the session and goes to sign-in). */
export function onUnauthorized(listener: (error: ApiError) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The back office's one HTTP client, at `/api` (spec 7; `api.get('v1/users')`). */
export const api = createApiClient({
  prefix: '/api',
  getToken: getApiToken,
  getXsrfToken: () => readXsrfToken(document.cookie),
  onUnauthorized: (error) => {
    for (const listener of unauthorizedListeners) listener(error);
  },
});
