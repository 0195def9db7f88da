import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '@bcp/web-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `api.upload` (XMLHttpRequest, decision 010) against a real HTTP server whose answer each test
 * scripts (issue 14 item 3): it must always settle, as a value.
 */
let server: Server;
let baseUrl: string;
let answer: (response: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((request, response) => {
    // jsdom's XMLHttpRequest follows CORS: the page's origin differs from the server's.
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.setHeader('access-control-allow-headers', '*');
      response.end();
      return;
    }
    request.resume();
    request.on('end', () => {
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(timeoutMs?: number) {
  return createApiClient({
    prefix: baseUrl,
    getToken: () => undefined,
    getXsrfToken: () => undefined,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

function form(): FormData {
  const data = new FormData();
  data.append('file', new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), 'id.pdf');
  return data;
}

describe('file upload (issue 14 item 3)', () => {
  it('returns the JSON answer as data', async () => {
    answer = (response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 7 }));
    };
    expect(await client().upload('app/file-uploads', form())).toEqual({ data: { id: 7 } });
  });

  it('returns an answer that claims JSON but is not as an error value, not a stuck promise', async () => {
    answer = (response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end('{"id": 7');
    };
    expect(await client().upload('app/file-uploads', form())).toEqual({
      error: {
        status: 0,
        body: { code: 'bad_answer', message: 'The server sent an answer we could not read. Please try again.' },
      },
    });
  });

  it('gives up when the server stops answering, as a timed-out error value', async () => {
    answer = () => undefined;
    const started = Date.now();
    const result = await client(300).upload('app/file-uploads', form());
    expect(result).toEqual({
      error: {
        status: 0,
        body: { code: 'timed_out', message: 'The server took too long to answer. Please try again.' },
      },
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
