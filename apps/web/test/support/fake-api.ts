import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** One request the fake API received: method, path (no query), query, headers and body (JSON parsed). */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * How the fake API answers a request: a status with a JSON body, `'hang'` (never answers, for
 * timeouts), or `{ status, stream }` to write raw text (e.g. Server-Sent Events) and keep it open.
 */
export type FakeAnswer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { status: number; stream: string; headers?: Record<string, string> }
  | 'hang';

/** Answers computed per request; a promise holds the answer back until the test lets it go. */
export type FakeResponder = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApi {
  /** `http://127.0.0.1:<port>`: relative URLs such as `/api/app/...` resolve here. */
  origin: string;
  /** Every request received since the last reset, in order. */
  requests: FakeRequest[];
  /** Answers `METHOD /path` (path without query, e.g. `/api/app/faq-funds`) with `answer`. */
  on(method: string, path: string, answer: FakeAnswer | FakeResponder): void;
  /** The requests received for `METHOD /path`. */
  seen(method: string, path: string): FakeRequest[];
}

/** Node's fetch (undici) resolves relative URLs against this origin, as a browser does against the page's. */
const UNDICI_GLOBAL_ORIGIN = Symbol.for('undici.globalOrigin.1');

/**
 * A real local HTTP server standing in for the API in component tests, started before the file's
 * tests and reset after each: the app's own HTTP client (relative `/api/...` URLs) reaches it over
 * the network, so nothing of ours is mocked. Unscripted requests get 404 `{ message: 'Not found.' }`.
 * Call once at the top of a test file.
 */
export function setUpFakeApi(): FakeApi {
  let server: Server;
  const routes = new Map<string, FakeAnswer | FakeResponder>();
  const api: FakeApi = {
    origin: '',
    requests: [],
    on: (method, path, answer) => routes.set(`${method.toUpperCase()} ${path}`, answer),
    seen: (method, path) => api.requests.filter((r) => r.method === method.toUpperCase() && r.path === path),
  };

  beforeAll(async () => {
    server = createServer((incoming, response) => {
      let raw = '';
      incoming.on('data', (chunk) => {
        raw += chunk;
      });
      incoming.on('end', () => {
        const url = new URL(incoming.url ?? '/', 'http://fake');
        let body: unknown = raw || undefined;
        try {
          body = raw ? JSON.parse(raw) : undefined;
        } catch {
          // Not JSON: kept as text.
        }
        const request = {
          method: incoming.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: incoming.headers,
          body,
        };
        api.requests.push(request);
        const route = routes.get(`${request.method} ${request.path}`);
        void Promise.resolve(typeof route === 'function' ? route(request) : route).then((answer) => {
          if (answer === 'hang') return;
          const reply = answer ?? { status: 404, body: { message: 'Not found.' } };
          if ('stream' in reply) {
            response.writeHead(reply.status, { 'content-type': 'text/event-stream', ...reply.headers });
            response.write(reply.stream);
            return;
          }
          response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    Object.assign(globalThis, { [UNDICI_GLOBAL_ORIGIN]: new URL(api.origin) });
  });
  afterEach(() => {
    routes.clear();
    api.requests.length = 0;
    server.closeAllConnections();
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return api;
}

/** A latch for held-back answers: `answer` waits on `opened` until the test calls `open()`. */
export function latch(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
