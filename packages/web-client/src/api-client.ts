import { type ErrorResponse, HTTP_CLIENT, XSRF } from '@bcp/contract';
import ky, { isHTTPError, isTimeoutError } from 'ky';
import * as qs from 'qs-esm';
import type { ClientErrorBody } from './client-errors';

export * from './client-errors';

/** A non-OK answer, or no answer at all (`status` 0: network failure or timeout). */
export interface ApiError {
  status: number;
  /** The response body (usually `ErrorResponse`), or a local `ClientErrorBody` when there was no answer (status 0). */
  body: ErrorResponse | unknown;
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  retryAfterSeconds?: number;
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
  /** `blob`: a successful answer's body as a Blob (a file to save, e.g. a PDF); default: JSON or text. */
  as?: 'blob';
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
  /**
   * Per-attempt timeout in ms (spec section 9: 10 s). It is also the longest wait for a retry the
   * server asks for (`Retry-After`), and uploads fail after this long without progress.
   */
  timeoutMs?: number;
  /** Delay before retry `attempt` (1-based), in ms; default ky's 300 ms doubling. */
  retryDelayMs?: (attempt: number) => number;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

const NO_ANSWER: ClientErrorBody = {
  code: 'no_answer',
  message: 'Could not reach the server. Check your connection and try again.',
};
const TIMED_OUT: ClientErrorBody = {
  code: 'timed_out',
  message: 'The server took too long to answer. Please try again.',
};
const BAD_ANSWER: ClientErrorBody = {
  code: 'bad_answer',
  message: 'The server sent an answer we could not read. Please try again.',
};
const CANCELLED: ClientErrorBody = { code: 'upload_cancelled', message: 'The upload was cancelled.' };

/**
 * Seconds asked for by a `Retry-After` header (delta-seconds or an HTTP date), or undefined when
 * absent or unreadable.
 */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** JSON text to a value, or undefined when it is not JSON. */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A non-OK answer's body: parsed JSON when it says JSON, else its text (undefined when empty). */
async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  if (!(response.headers.get('content-type')?.includes('json') ?? false)) return text;
  return parseJson(text)?.value ?? text;
}

/**
 * The whole call's deadline (every attempt and wait between them): a signal that aborts after
 * `totalMs`, or when the caller's own `signal` aborts. `passed()` tells which; `clear()` stops the clock.
 */
function callDeadline(totalMs: number, signal: AbortSignal | undefined) {
  const controller = new AbortController();
  let passed = false;
  const timer = setTimeout(() => {
    passed = true;
    controller.abort();
  }, totalMs);
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    passed: () => passed,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

/**
 * The app's one HTTP client (spec sections 7 and 9): ky with a 10 s timeout; up to 2 retries on
 * GET, PUT, HEAD, DELETE, OPTIONS and TRACE for 408, 413, 429, 500, 502, 503 and 504 (never on
 * POST/PATCH); bearer token and XSRF header on every request; bracket-array queries. Non-OK
 * answers come back as `{ error: { status, body } }`, never thrown.
 *
 * Waiting is bounded by the same 10 s budget: a retry the server asks to delay longer than that
 * (`Retry-After: 3600` on a 429) is not made, the error comes back at once (`retryAfterSeconds`
 * set, see `errorMessage`); and a whole call, retries included, ends within 3 × 10 s.
 */
export function createApiClient(options: ApiClientOptions) {
  const budgetMs = options.timeoutMs ?? HTTP_CLIENT.timeoutMs;
  const totalMs = budgetMs * (HTTP_CLIENT.retryLimit + 1);
  const http = ky.create({
    prefixUrl: options.prefix,
    // Per attempt; the whole call's limit (`totalMs`) is the deadline signal in `request`.
    timeout: budgetMs,
    credentials: 'same-origin',
    retry: {
      limit: HTTP_CLIENT.retryLimit,
      methods: [...HTTP_CLIENT.retryMethods],
      statusCodes: [...HTTP_CLIENT.retryStatusCodes],
      maxRetryAfter: budgetMs,
      // Not worth a retry when the server asks to wait longer than the budget: answer now.
      shouldRetry: ({ error }) =>
        isHTTPError(error) && (retryAfterSeconds(error.response.headers.get('retry-after')) ?? 0) * 1000 > budgetMs
          ? false
          : undefined,
      ...(options.retryDelayMs ? { delay: options.retryDelayMs } : {}),
    },
    hooks: {
      beforeRequest: [
        (request) => {
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
    const deadline = callDeadline(totalMs, requestOptions.signal);
    try {
      const response = await http(path.replace(/^\//, ''), {
        method,
        ...(searchParams ? { searchParams } : {}),
        ...(requestOptions.json !== undefined ? { json: requestOptions.json } : {}),
        ...(requestOptions.body !== undefined ? { body: requestOptions.body } : {}),
        ...(requestOptions.headers ? { headers: requestOptions.headers } : {}),
        signal: deadline.signal,
      });
      if (requestOptions.as === 'blob') return { data: (await response.blob()) as T };
      const text = await response.text();
      const isJson = response.headers.get('content-type')?.includes('json') ?? false;
      if (!text || !isJson) return { data: (text || undefined) as T };
      const parsed = parseJson(text);
      return parsed ? { data: parsed.value as T } : { error: { status: 0, body: BAD_ANSWER } };
    } catch (thrown) {
      const retryAfter = isHTTPError(thrown)
        ? retryAfterSeconds(thrown.response.headers.get('retry-after'))
        : undefined;
      const error: ApiError = isHTTPError(thrown)
        ? {
            status: thrown.response.status,
            body: await readErrorBody(thrown.response),
            ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
          }
        : { status: 0, body: isTimeoutError(thrown) || deadline.passed() ? TIMED_OUT : NO_ANSWER };
      if (error.status === 401) options.onUnauthorized?.(error);
      return { error };
    } finally {
      deadline.clear();
    }
  }

  /**
   * Sends a file as multipart/form-data with upload progress (0 to 1). fetch cannot report upload
   * progress over HTTP/1.1, so this one call uses XMLHttpRequest, with the same token, XSRF header,
   * error values and 401 handling as every other call (decision 010). A slow transfer may take as
   * long as it needs, but 10 s without progress (or without an answer once sent) ends it as a
   * timed-out error value; an answer that is not readable JSON is an error value too.
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
      let stalled: ReturnType<typeof setTimeout> | undefined;
      let timedOut = false;
      const finish = (result: ApiResult<T>) => {
        clearTimeout(stalled);
        resolve(result);
      };
      const watch = () => {
        clearTimeout(stalled);
        stalled = setTimeout(() => {
          timedOut = true;
          xhr.abort();
        }, budgetMs);
      };
      xhr.upload.onprogress = (event) => {
        watch();
        if (event.lengthComputable) uploadOptions.onProgress?.(event.loaded / event.total);
      };
      xhr.upload.onload = watch;
      xhr.onload = () => {
        let body: unknown = xhr.responseText || undefined;
        if (xhr.getResponseHeader('content-type')?.includes('json') && xhr.responseText) {
          const parsed = parseJson(xhr.responseText);
          if (!parsed) return finish({ error: { status: 0, body: BAD_ANSWER } });
          body = parsed.value;
        }
        if (xhr.status >= 200 && xhr.status < 300) return finish({ data: body as T });
        const error: ApiError = { status: xhr.status, body };
        if (error.status === 401) options.onUnauthorized?.(error);
        finish({ error });
      };
      xhr.onerror = () => finish({ error: { status: 0, body: NO_ANSWER } });
      xhr.onabort = () => finish({ error: { status: 0, body: timedOut ? TIMED_OUT : CANCELLED } });
      uploadOptions.signal?.addEventListener('abort', () => xhr.abort());
      watch();
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
