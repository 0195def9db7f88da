import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_CLIENT } from '@bcp/contract';
import { type ApiClientOptions, createApiClient, errorMessage, retryAfterSeconds } from '@bcp/web-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readXsrfToken } from '../src/lib/xsrf';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP server whose answers each test scripts; it records every request it receives. */
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let answer: (
  request: Seen,
  attempt: number,
) => { status: number; body?: unknown; raw?: string; headers?: Record<string, string> } | 'hang';

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      const reply = answer(entry, seen.length);
      if (reply === 'hang') return;
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  answer = () => ({ status: 200, body: { ok: true } });
});

function client(overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    prefix: baseUrl,
    getToken: () => undefined,
    getXsrfToken: () => undefined,
    retryDelayMs: () => 5,
    ...overrides,
  });
}

describe('HTTP client (spec sections 7 and 9)', () => {
  it('calls paths under the API base and returns the JSON body as data', async () => {
    const result = await client().get<{ ok: boolean }>('app/person-users/me');
    expect(result).toEqual({ data: { ok: true } });
    expect(seen[0]?.url).toBe('/api/app/person-users/me');
  });

  it('adds Authorization: Bearer only when an api token exists', async () => {
    await client({ getToken: () => 'token-123' }).get('app/x');
    await client({ getToken: () => null }).get('app/x');
    expect(seen[0]?.headers.authorization).toBe('Bearer token-123');
    expect(seen[1]?.headers.authorization).toBeUndefined();
  });

  it('echoes the XSRF cookie value as X-XSRF-TOKEN on every request', async () => {
    const api = client({ getXsrfToken: () => readXsrfToken('theme=dark; XSRF-TOKEN=abc%3D%3D; other=1') });
    await api.get('app/x');
    await api.post('app/x', { json: { a: 1 } });
    await api.delete('app/x');
    expect(seen.map((request) => request.headers['x-xsrf-token'])).toEqual(['abc==', 'abc==', 'abc==']);
  });

  it('encodes query arrays in bracket notation (sort[]=id:desc)', async () => {
    await client().get('app/firebase/5/notification', {
      query: { sort: ['id:desc', 'createdAt:asc'], personUserId: 5, fundId: null },
    });
    const url = new URL(seen[0]?.url ?? '', 'http://x');
    expect(decodeURIComponent(url.search)).toBe('?sort[]=id:desc&sort[]=createdAt:asc&personUserId=5');
  });

  it('sends JSON bodies', async () => {
    await client().put('app/person-users/7/twoFactorMethod', { json: { twoFactorMethod: 'EMAIL' } });
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ twoFactorMethod: 'EMAIL' });
  });

  it('returns a non-OK answer as an error value carrying status and body, never throwing', async () => {
    answer = () => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { email: ['Must be a valid email.'] } },
    });
    const result = await client().post('app/person-users', { json: {} });
    expect(result).toEqual({
      error: {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { email: ['Must be a valid email.'] } },
      },
    });
  });

  it.each(['get', 'put', 'delete', 'head', 'options'] as const)(
    'retries %s up to 2 times on a retryable status, then succeeds',
    async (method) => {
      answer = (_request, attempt) => (attempt < 3 ? { status: 503 } : { status: 200, body: { ok: true } });
      const result = await client().request(method, 'app/x');
      expect(result.error).toBeUndefined();
      expect(seen).toHaveLength(3);
    },
  );

  it.each([408, 413, 429, 500, 502, 503, 504])('retries a GET answered %i', async (status) => {
    // 413 and 429 are retried when the server says when (Retry-After); the others always.
    answer = (_request, attempt) =>
      attempt === 1 ? { status, headers: { 'retry-after': '0' } } : { status: 200, body: { ok: true } };
    const result = await client().get('app/x');
    expect(result).toEqual({ data: { ok: true } });
    expect(seen).toHaveLength(2);
  });

  it('gives up after 2 retries (3 attempts) and returns the last error', async () => {
    answer = () => ({ status: 500, body: { message: 'Something went wrong on our side. Please try again.' } });
    const result = await client().get('app/x');
    expect(seen).toHaveLength(3);
    expect(result.error?.status).toBe(500);
  });

  it.each(['post', 'patch'] as const)('never retries %s', async (method) => {
    answer = () => ({ status: 503, body: { message: 'Unavailable' } });
    const result = await client().request(method, 'app/x', { json: {} });
    expect(seen).toHaveLength(1);
    expect(result.error?.status).toBe(503);
  });

  it('does not retry statuses outside the list (e.g. 404, 422)', async () => {
    answer = () => ({ status: 404, body: { message: 'Not found.' } });
    await client().get('app/x');
    expect(seen).toHaveLength(1);
  });

  it('answers a 429 asking to wait an hour at once, without retrying, as "Try again in 60 minutes"', async () => {
    answer = () => ({ status: 429, headers: { 'retry-after': '3600' }, body: { message: 'Too many attempts.' } });
    const started = Date.now();
    const result = await client().get('app/benefits/idNumber');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(seen).toHaveLength(1);
    expect(result.error).toMatchObject({ status: 429, retryAfterSeconds: 3600 });
    expect(result.error && errorMessage(result.error)).toBe('Too many attempts. Try again in 60 minutes.');
  });

  it('still retries a 429 whose wait fits the 10 s budget', async () => {
    answer = (_request, attempt) =>
      attempt === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200, body: { ok: true } };
    expect(await client().get('app/x')).toEqual({ data: { ok: true } });
    expect(seen).toHaveLength(2);
  });

  it('keeps the server’s own words for a wait under a minute, and says "1 minute" when it has none', () => {
    const pin = { message: 'Please wait 20 seconds before asking for a new PIN.' };
    expect(errorMessage({ status: 429, body: pin, retryAfterSeconds: 20 })).toBe(pin.message);
    expect(errorMessage({ status: 429, body: undefined, retryAfterSeconds: 20 })).toBe(
      'Too many attempts. Try again in 1 minute.',
    );
    expect(errorMessage({ status: 429, body: pin, retryAfterSeconds: 61 })).toBe(
      'Too many attempts. Try again in 2 minutes.',
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Mon, 01 Jun 2026 12:05:00 GMT', now)).toBe(300);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });

  it('returns an answer that claims JSON but is not as an error value, not a rejected promise', async () => {
    answer = () => ({ status: 200, raw: '{"half":' });
    const result = await client().get('app/x');
    expect(result.error).toEqual({
      status: 0,
      body: { code: 'bad_answer', message: 'The server sent an answer we could not read. Please try again.' },
    });
  });

  it('tells the app about a 401 so it can log the user out (spec section 4)', async () => {
    answer = () => ({ status: 401, body: { message: 'Unauthenticated.' } });
    const unauthorized: number[] = [];
    const result = await client({ onUnauthorized: (error) => unauthorized.push(error.status) }).get(
      'app/person-users/me',
    );
    expect(unauthorized).toEqual([401]);
    expect(result.error?.status).toBe(401);
  });

  it('times out a request that gets no answer, as an error value with status 0', async () => {
    answer = () => 'hang';
    const started = Date.now();
    const result = await client({ timeoutMs: 150 }).get('app/x');
    expect(result.error?.status).toBe(0);
    expect(result.error?.body).toEqual({
      code: 'timed_out',
      message: 'The server took too long to answer. Please try again.',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('ends a whole call, retries and their waits included, within 3 times the timeout', async () => {
    answer = () => ({ status: 503, body: { message: 'Unavailable' } });
    const started = Date.now();
    const result = await client({ timeoutMs: 100, retryDelayMs: () => 250 }).get('app/x');
    const took = Date.now() - started;
    expect(seen).toHaveLength(2);
    expect(result.error).toEqual({
      status: 0,
      body: { code: 'timed_out', message: 'The server took too long to answer. Please try again.' },
    });
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1_000);
  });

  it('ends at once, as no answer, when the caller aborts', async () => {
    answer = () => 'hang';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await client().get('app/x', { signal: controller.signal });
    expect(result.error?.status).toBe(0);
    expect(result.error?.body).not.toEqual({
      code: 'timed_out',
      message: 'The server took too long to answer. Please try again.',
    });
  });

  it('uses the spec timeout of 10 seconds by default (spec section 9)', () => {
    expect(HTTP_CLIENT.timeoutMs).toBe(10_000);
    expect(HTTP_CLIENT.retryStatusCodes).toEqual([408, 413, 429, 500, 502, 503, 504]);
  });

  it('returns an error value when the server cannot be reached', async () => {
    const unreachable = createApiClient({
      prefix: 'http://127.0.0.1:9/api',
      getToken: () => undefined,
      getXsrfToken: () => undefined,
      retryDelayMs: () => 5,
    });
    const result = await unreachable.get('app/x');
    expect(result.error).toEqual({
      status: 0,
      body: { code: 'no_answer', message: 'Could not reach the server. Check your connection and try again.' },
    });
  });
});

describe('readXsrfToken', () => {
  it('finds the XSRF-TOKEN cookie among others, or nothing', () => {
    expect(readXsrfToken('a=1; XSRF-TOKEN=t0k%2Fen')).toBe('t0k/en');
    expect(readXsrfToken('a=1; NOT-XSRF-TOKEN=x')).toBeUndefined();
    expect(readXsrfToken('')).toBeUndefined();
  });
});
