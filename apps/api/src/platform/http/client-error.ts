import type { Socket } from 'node:net';
import type { ErrorResponse } from '@bcp/contract';

/** What Node's HTTP parser could not read, and our answer for it. */
function describe(error: NodeJS.ErrnoException): { status: number; reason: string; body: ErrorResponse } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      reason: 'Request Timeout',
      body: { message: 'The request took too long to arrive.', code: 'request_timeout' },
    };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      body: { message: 'The request headers are too large.', code: 'headers_too_large' },
    };
  }
  return { status: 400, reason: 'Bad Request', body: { message: 'The request is malformed.', code: 'bad_request' } };
}

/**
 * Answers a request Node's HTTP parser refused (a broken request line or header, headers too
 * large, a timeout) in the one error shape `{ message, code }` and closes the connection (issue 13
 * item 5). Nothing of the request is echoed. Used as Fastify's `clientErrorHandler`.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const { status, reason, body: answer } = describe(error);
  const body = JSON.stringify(answer);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
