import { createServer, type Server, type ServerResponse } from 'node:http';
import type { ErrorResponse } from '@bcp/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { hasMetricsToken } from './metrics-access.js';
import { metricsText } from './registry.js';

function sendJson(response: ServerResponse, status: number, body: ErrorResponse, headers = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * A listener of its own for the metrics (`METRICS_PORT`, decision 053), bound to `host` (default
 * 127.0.0.1, or an internal address Prometheus reaches): `GET /metrics` answers the exposition;
 * with `token` set it needs `Authorization: Bearer <token>` (401 otherwise); any other request is
 * 404. Answers in the product's error shape `{ message }`.
 * @returns the listening server (close it on shutdown)
 * @throws the listen error, e.g. `EADDRINUSE` when the port is taken
 */
export async function startMetricsListener(options: {
  host: string;
  port: number;
  token: string | undefined;
  registry: Registry;
  log: FastifyBaseLogger;
}): Promise<Server> {
  const { token, registry, log } = options;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics')
      return sendJson(response, 404, { message: 'Not found.', code: 'not_found' });
    if (token && !hasMetricsToken(token, request.headers.authorization)) {
      return sendJson(
        response,
        401,
        { message: 'A valid metrics token is required.', code: 'metrics_token_required' },
        { 'www-authenticate': 'Bearer' },
      );
    }
    metricsText(registry).then(
      ({ body, contentType }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(body);
      },
      (error: Error) => {
        log.error({ error: error.message }, 'metrics: the exposition failed');
        sendJson(response, 500, { message: 'Something went wrong on our side. Please try again.', code: 'internal' });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log.info({ host: options.host, port: options.port }, 'metrics listener started');
  return server;
}
