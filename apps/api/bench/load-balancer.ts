import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';

/** A round-robin HTTP load balancer in front of API processes, for the load suite's fault runs. */
export interface LoadBalancer {
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  /** Requests sent again to the other process because the first one refused the connection. */
  retried(): number;
  close(): Promise<void>;
}

/** Hop-by-hop headers a proxy must not pass on (RFC 9110 section 7.6.1), and the host. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'proxy-connection']);

function passedOn(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>) {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}

/** Whether the request never reached the process (nothing listens): safe to send to another, writes too. */
function neverDelivered(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code;
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  return [code, cause].some((value) => value === 'ECONNREFUSED' || value === 'UND_ERR_CONNECT_TIMEOUT');
}

/**
 * Starts a balancer on 127.0.0.1 sending each request to the next of `upstreams` (keep-alive pools
 * of undici). A process that refuses the connection (killed) is skipped for `downForMs` and the
 * request goes to the next one, as a load balancer's health check would. A GET cut off after it
 * reached a process (killed mid-request) is sent to the next one too; a write cut off so answers
 * 502, since it may or may not have happened.
 */
export async function startLoadBalancer(upstreams: readonly string[], downForMs = 2_000): Promise<LoadBalancer> {
  const agent = new Agent({ connections: 64, connect: { timeout: 2_000 } });
  const downUntil = upstreams.map(() => 0);
  let next = 0;
  let retries = 0;
  const pick = () => {
    for (let tried = 0; tried < upstreams.length; tried += 1) {
      next = (next + 1) % upstreams.length;
      if ((downUntil[next] ?? 0) <= Date.now()) return next;
    }
    return next;
  };
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    for (let attempt = 0; attempt < upstreams.length; attempt += 1) {
      const index = pick();
      try {
        const answer = await request(`${upstreams[index]}${incoming.url}`, {
          dispatcher: agent,
          method: incoming.method as 'GET',
          headers: passedOn(incoming.headers),
          ...(body.length > 0 ? { body } : {}),
        });
        outgoing.writeHead(answer.statusCode, passedOn(answer.headers));
        for await (const chunk of answer.body) outgoing.write(chunk);
        outgoing.end();
        return;
      } catch (error) {
        if (neverDelivered(error)) downUntil[index] = Date.now() + downForMs;
        // A read is safe to send again whatever happened; a write only when it never arrived.
        if (neverDelivered(error) || incoming.method === 'GET' || incoming.method === 'HEAD') {
          retries += 1;
          continue;
        }
        break;
      }
    }
    if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify({ message: 'Bad gateway.' }));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    retried: () => retries,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
    },
  };
}
