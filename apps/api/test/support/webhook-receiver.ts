import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a receiver got: the path, the headers and the raw body (signatures are over the raw body). */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A running receiver: its address, and `close` to stop it. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for a partner's webhook endpoint: every request is
 * pushed to `received` and answered with `statusOf(path)` (default 204) and no body.
 */
export async function startWebhookReceiver(
  received: ReceivedRequest[],
  statusOf: (path: string) => number = () => 204,
): Promise<WebhookReceiver> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.statusCode = statusOf(path);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
