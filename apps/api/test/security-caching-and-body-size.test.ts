import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/accounts.js';
import { claimingMember } from './support/claims.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 13 items 10 and 11: nothing personal is cached, and oversize bodies get their 413. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(async () => t.close());

describe('issue 13 item 10: no-store on every /api answer', () => {
  it('member data, errors, a 404 under /api and the OpenAPI document are no-store', async () => {
    const member = await claimingMember(t.app);
    const answers = [
      await call(t.app, 'GET', '/api/app/benefits', { token: member.token }),
      await call(t.app, 'GET', '/api/app/benefits'),
      await call(t.app, 'GET', '/api/no-such-call'),
      await call(t.app, 'POST', '/api/app/beneficiary-sessions/login', { body: {} }),
      await call(t.app, 'GET', '/api/openapi.json'),
      await call(t.app, 'GET', '/api/health'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 422, 200, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('the API documentation page may not be framed', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

interface RawAnswer {
  text: string;
  /** Milliseconds from the first byte sent to the status line read. */
  statusAfterMs: number | undefined;
  /** Socket errors seen (a reset while the client still sends: ECONNRESET, EPIPE). */
  errors: string[];
  /** Body bytes the client got to write before the connection closed. */
  sent: number;
}

/**
 * Writes request headers, then streams `sendBytes` of body in 64 KiB chunks as fast as the socket
 * takes them (no Expect: 100-continue), reading whatever comes back, until the server closes.
 */
function sendOversize(headers: string, sendBytes: number, chunked: boolean): Promise<RawAnswer> {
  const port = Number(new URL(t.baseUrl as string).port);
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let text = '';
    let statusAfterMs: number | undefined;
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const errors: string[] = [];
    const done = () => resolve({ text, statusAfterMs, errors, sent });
    socket.setEncoding('utf8');
    socket.on('data', (data) => {
      text += data;
      if (statusAfterMs === undefined && text.includes('\r\n')) statusAfterMs = Date.now() - started;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? 'error'));
    socket.on('close', done);
    const pump = () => {
      while (sent < sendBytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, sendBytes - sent));
        const piece = chunked
          ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
          : part;
        sent += part.length;
        if (!socket.write(piece)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (chunked) socket.write('0\r\n\r\n');
    };
    socket.write(headers);
    pump();
    setTimeout(() => {
      errors.push('timeout');
      socket.destroy();
    }, 20_000).unref();
  });
}

describe('issue 13 item 11: oversize bodies refused at once', () => {
  it('a 30 MB Content-Length is answered 413 at once, and the client reads it before a clean close', async () => {
    const headers =
      'POST /api/app/beneficiary-sessions/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Content-Length: 30000000\r\nCookie: XSRF-TOKEN=x\r\nX-XSRF-TOKEN: x\r\n\r\n';
    const answer = await sendOversize(headers, 30_000_000, false);
    expect(answer.text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer.text).toContain('{"message":"Request body is too large.","code":"body_too_large"}');
    expect(answer.statusAfterMs).toBeLessThan(2000);
    // The server read the rest and then closed: no reset while the client was still sending.
    expect(answer.errors).toEqual([]);
    expect(answer.sent).toBe(30_000_000);
  });

  it('a chunked body over the limit is answered 413 too, and the connection ends cleanly', async () => {
    const headers =
      'POST /api/app/beneficiary-sessions/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Transfer-Encoding: chunked\r\nCookie: XSRF-TOKEN=x\r\nX-XSRF-TOKEN: x\r\n\r\n';
    const answer = await sendOversize(headers, 20_000_000, true);
    expect(answer.text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer.text).toContain('{"message":"Request body is too large.","code":"body_too_large"}');
    expect(answer.errors).toEqual([]);
    expect(answer.sent).toBe(20_000_000);
  });

  it('a document upload may declare up to its own limit (10 MB and the multipart framing)', async () => {
    const member = await claimingMember(t.app);
    const over = await t.app.inject({
      method: 'POST',
      url: `/api/app/benefit-claims/${member.benefitId}/documents?kind=ID_COPY`,
      cookies: { 'XSRF-TOKEN': 'x' },
      headers: {
        'x-xsrf-token': 'x',
        authorization: `Bearer ${member.token}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(11 * 1024 * 1024),
      },
      payload: '--x--\r\n',
    });
    expect(over.statusCode).toBe(413);
  });
});
