import type { ApiClient, ApiClientOptions, ApiError } from './api-client';

/** The options of a lazily loaded client, made when it loads (`onUnauthorized` is the listeners'). */
export type LazyApiClientOptions = Omit<ApiClientOptions, 'onUnauthorized'>;

/** An app's one HTTP client, loaded with its first call, and its 401 listeners. */
export interface LazyApiClient {
  /** `createApiClient`'s methods; each loads the client on first use (every one answers a promise). */
  api: ApiClient;
  /** Subscribes to 401 answers (the app ends the session); returns the unsubscribe. */
  onUnauthorized(listener: (error: ApiError) => void): () => void;
}

/**
 * The HTTP client (ky and qs-esm, about 6 kB compressed) loaded with the first call rather than with
 * the app's first page (issue 40 item 1, decision 064): both apps' `lib/api.ts`. `loadOptions`
 * runs once, at that first call (it may import what the options need, e.g. the XSRF cookie reader).
 */
export function createLazyApiClient(loadOptions: () => Promise<LazyApiClientOptions>): LazyApiClient {
  const listeners = new Set<(error: ApiError) => void>();
  let client: Promise<ApiClient> | undefined;
  const load = (): Promise<ApiClient> => {
    client ??= Promise.all([import('./api-client'), loadOptions()]).then(([{ createApiClient }, options]) =>
      createApiClient({
        ...options,
        onUnauthorized: (error) => {
          for (const listener of listeners) listener(error);
        },
      }),
    );
    return client;
  };
  return {
    api: {
      request: async (method, path, options) => (await load()).request(method, path, options),
      upload: async (path, form, options) => (await load()).upload(path, form, options),
      get: async (path, options) => (await load()).get(path, options),
      post: async (path, options) => (await load()).post(path, options),
      put: async (path, options) => (await load()).put(path, options),
      patch: async (path, options) => (await load()).patch(path, options),
      delete: async (path, options) => (await load()).delete(path, options),
    },
    onUnauthorized(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
