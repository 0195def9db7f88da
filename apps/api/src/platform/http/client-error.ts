import type { Socket } from 'node:net';

/** What Node's HTTP parser could not read, and our answer for it. */
function describe(error: NodeJS.ErrnoException): { status: number; reason: string; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive.' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      message: 'The request headers are too large.',
    };
  }
  return { status: 400, reason: 'Bad Request', message: 'The request is malformed.' };
}

/**
 * Answers a request Node's HTTP parser refused (a broken request line or header, headers too
 * large, a timeout) in the one error shape `{ message }` and closes the connection (issue 13
 * item 5). Nothing of the request is echoed. Used as Fastify's `clientErrorHandler`.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const { status, reason, message } = describe(error);
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
