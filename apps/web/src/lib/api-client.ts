import { type ErrorResponse, HTTP_CLIENT, XSRF } from '@bcp/contract';
import ky, { isHTTPError, isTimeoutError } from 'ky';
import * as qs from 'qs-esm';

/** A non-OK answer, or no answer at all (`status` 0: network failure or timeout). */
export interface ApiError {
  status: number;
  /** The response body (usually `ErrorResponse`), or a local `{ message }` when there was no answer. */
  body: ErrorResponse | unknown;
}

/** What every call returns: never throws for HTTP errors (spec section 7). */
export type ApiResult<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError };

/** Query values; arrays are sent in bracket notation (`sort[]=id:desc`). `null`/`undefined` are left out. */
export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  query?: Query;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (FormData for uploads). */
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Where the API lives: `/api` in the app, an absolute URL in tests. */
  prefix: string;
  /** The api token, sent as `Authorization: Bearer` when present. */
  getToken: () => string | null | undefined;
  /** The XSRF cookie's value, echoed in `X-XSRF-TOKEN` on every request. */
  getXsrfToken: () => string | null | undefined;
  /** Called on every 401 answer (spec section 4: signed-in users are logged out). */
  onUnauthorized?: (error: ApiError) => void;
  /** Per-attempt timeout in ms (spec section 9: 10 s). */
  timeoutMs?: number;
  /** Delay before retry `attempt` (1-based), in ms; default ky's 300 ms doubling. */
  retryDelayMs?: (attempt: number) => number;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

const NO_ANSWER = { message: 'Could not reach the server. Check your connection and try again.' };
const TIMED_OUT = { message: 'The server took too long to answer. Please try again.' };

/**
 * The app's one HTTP client (spec sections 7 and 9): ky with a 10 s timeout; up to 2 retries on
 * GET, PUT, HEAD, DELETE, OPTIONS and TRACE for 408, 413, 429, 500, 502, 503 and 504 (never on
 * POST/PATCH); bearer token and XSRF header on every request; bracket-array queries. Non-OK
 * answers come back as `{ error: { status, body } }`, never thrown.
 */
export function createApiClient(options: ApiClientOptions) {
  const http = ky.create({
    prefix: options.prefix,
    timeout: options.timeoutMs ?? HTTP_CLIENT.timeoutMs,
    credentials: 'same-origin',
    retry: {
      limit: HTTP_CLIENT.retryLimit,
      methods: [...HTTP_CLIENT.retryMethods],
      statusCodes: [...HTTP_CLIENT.retryStatusCodes],
      ...(options.retryDelayMs ? { delay: options.retryDelayMs } : {}),
    },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = options.getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          const xsrf = options.getXsrfToken();
          if (xsrf) request.headers.set(XSRF.header, xsrf);
        },
      ],
    },
  });

  async function request<T>(
    method: HttpMethod,
    path: string,
    requestOptions: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const searchParams = requestOptions.query
      ? qs.stringify(requestOptions.query, { arrayFormat: 'brackets', encodeValuesOnly: true, skipNulls: true })
      : undefined;
    try {
      const response = await http(path.replace(/^\//, ''), {
        method,
        ...(searchParams ? { searchParams } : {}),
        ...(requestOptions.json !== undefined ? { json: requestOptions.json } : {}),
        ...(requestOptions.body !== undefined ? { body: requestOptions.body } : {}),
        ...(requestOptions.headers ? { headers: requestOptions.headers } : {}),
        ...(requestOptions.signal ? { signal: requestOptions.signal } : {}),
      });
      const text = await response.text();
      const isJson = response.headers.get('content-type')?.includes('json') ?? false;
      return { data: (text && isJson ? JSON.parse(text) : text || undefined) as T };
    } catch (thrown) {
      const error: ApiError = isHTTPError(thrown)
        ? { status: thrown.response.status, body: thrown.data }
        : { status: 0, body: isTimeoutError(thrown) ? TIMED_OUT : NO_ANSWER };
      if (error.status === 401) options.onUnauthorized?.(error);
      return { error };
    }
  }

  /**
   * Sends a file as multipart/form-data with upload progress (0 to 1). fetch cannot report upload
   * progress over HTTP/1.1, so this one call uses XMLHttpRequest, with the same token, XSRF header,
   * timeout-free transfer, error values and 401 handling as every other call (decision 010).
   */
  function upload<T>(
    path: string,
    form: FormData,
    uploadOptions: { query?: Query; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
  ): Promise<ApiResult<T>> {
    const search = uploadOptions.query
      ? `?${qs.stringify(uploadOptions.query, { arrayFormat: 'brackets', encodeValuesOnly: true, skipNulls: true })}`
      : '';
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${options.prefix.replace(/\/$/, '')}/${path.replace(/^\//, '')}${search}`);
      const token = options.getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      const xsrf = options.getXsrfToken();
      if (xsrf) xhr.setRequestHeader(XSRF.header, xsrf);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) uploadOptions.onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        let body: unknown = xhr.responseText || undefined;
        if (xhr.getResponseHeader('content-type')?.includes('json') && xhr.responseText)
          body = JSON.parse(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) return resolve({ data: body as T });
        const error: ApiError = { status: xhr.status, body };
        if (error.status === 401) options.onUnauthorized?.(error);
        resolve({ error });
      };
      xhr.onerror = () => resolve({ error: { status: 0, body: NO_ANSWER } });
      xhr.onabort = () => resolve({ error: { status: 0, body: { message: 'The upload was cancelled.' } } });
      uploadOptions.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(form);
    });
  }

  return {
    request,
    upload,
    get: <T>(path: string, o?: RequestOptions) => request<T>('get', path, o),
    post: <T>(path: string, o?: RequestOptions) => request<T>('post', path, o),
    put: <T>(path: string, o?: RequestOptions) => request<T>('put', path, o),
    patch: <T>(path: string, o?: RequestOptions) => request<T>('patch', path, o),
    delete: <T>(path: string, o?: RequestOptions) => request<T>('delete', path, o),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The message to show for an error value: the server's `message`, else a generic one. */
export function errorMessage(error: ApiError): string {
  const body = error.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : 'Something went wrong. Please try again.';
}
