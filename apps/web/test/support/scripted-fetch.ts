import { afterEach, vi } from 'vitest';

/** One request the app sent: method, path with query, and the JSON body if any. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** What a scripted route answers: a status and a JSON body. */
export interface ScriptedAnswer {
  status: number;
  body?: unknown;
}

const NodeRequest = globalThis.Request;

/** A browser's Request resolves a path against the page; Node's (which jsdom leaves in place) does not. */
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, location.href) : input, init);
  }
}

/**
 * Stands in for the browser's `fetch` (the network is the third party; the app's own HTTP
 * client, hooks and components run as they are): answers each request by `"METHOD /path"` (path
 * without the query) from `routes`, 404 for anything else, and records every request in `sent`.
 * Restored after each test.
 */
export function scriptFetch(routes: Record<string, (request: SentRequest) => ScriptedAnswer>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof NodeRequest ? input : new PageRequest(String(input), init);
    const url = new URL(request.url, location.href);
    const text = await request.text();
    const entry = {
      method: request.method,
      path: `${url.pathname}${url.search}`,
      body: text ? JSON.parse(text) : null,
    };
    sent.push(entry);
    const route = routes[`${request.method} ${url.pathname}`];
    const answer = route ? route(entry) : { status: 404, body: { message: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});
