import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSaIdNumber } from '@bcp/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { tracingSettings } from '../src/platform/tracing/tracing-settings.js';
import { withDatabaseName } from './support/database-names.js';
import { freePort } from './support/test-app.js';

/**
 * Issue 37 item 3, decision 054: OpenTelemetry traces, off by default. The server's entry point
 * (`src/main.ts`, run by tsx as in production's `node dist/main.js`) runs as a child process,
 * since tracing must start before fastify and pg load, on a fresh PostgreSQL database of its own
 * (the pg instrumentation sees the `pg` driver, not the embedded PGlite): `TEST_DATABASE_URL`, or
 * the local server at 127.0.0.1:5432 (as several-processes.test.ts takes the local Redis). A
 * plain HTTP server here speaks OTLP/HTTP with JSON bodies (`POST /v1/traces`), what
 * @opentelemetry/exporter-trace-otlp-http sends.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROUTE = '/api/app/benefits/idNumber';
const TOKEN_ROUTE = '/api/v1/admin-sessions/verify-reset-url/:token';

/** One OTLP attribute: a key and one typed value. */
interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}
/** One span as OTLP/JSON writes it (the fields this test reads). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

/** The span kind SERVER in OTLP/JSON. */
const SERVER = 2;

/** A local OTLP/HTTP receiver: every body it was sent, raw and parsed. */
interface Receiver {
  endpoint: string;
  bodies: string[];
  spans(): (OtlpSpan & { scope: string })[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces')
        bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(request.url === '/v1/traces' ? 200 : 404, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    spans: () =>
      bodies.flatMap((body) =>
        (JSON.parse(body) as OtlpExport).resourceSpans.flatMap((resource) =>
          resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => ({ ...span, scope: scope.scope.name }))),
        ),
      ),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The value of attribute `key` of `span`, whichever its type. */
function attribute(span: OtlpSpan, key: string): unknown {
  const found = span.attributes.find((candidate) => candidate.key === key);
  return found ? Object.values(found.value)[0] : undefined;
}

/** A running `src/main.ts` and the JSON log lines it has written so far. */
interface ServerProcess {
  origin: string;
  logLines: Record<string, unknown>[];
  /** SIGTERM, then waits for the exit (graceful close, which sends the last spans). */
  stop(): Promise<number | null>;
}

async function startServerProcess(env: Record<string, string>, dataDir: string): Promise<ServerProcess> {
  const entry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const port = await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OTEL_')));
  const child: ChildProcess = fork(entry, [], {
    execArgv: ['--import', 'tsx', '--conditions=source'],
    env: { ...inherited, ...env, DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const logLines: Record<string, unknown>[] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) logLines.push(JSON.parse(line));
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  await waitFor(scaled(60_000), `the API process at ${origin} to be ready`, async () => {
    if (exited()) throw new Error(`the API process at ${origin} exited`);
    const status = await fetch(`${origin}/api/ready`)
      .then((response) => response.status)
      .catch(() => 0);
    return status === 200;
  }).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    origin,
    logLines,
    async stop() {
      if (exited()) return child.exitCode;
      const exit = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exit;
      return code as number | null;
    },
  };
}

/** Polls `check` every 100 ms until it answers true; throws after `limitMs`. */
async function waitFor(limitMs: number, what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The environment of every server process here: one PostgreSQL database, JSON logs at info. */
function serverEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    SEED_DEMO_DATA: 'false',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: join(tmpdir(), 'bcp-no-web-build'),
    ADMIN_DIST_DIR: join(tmpdir(), 'bcp-no-admin-build'),
    APP_SECRET: 'tracing-otlp-secret-0123456789-abcdefghijk',
    REDIS_URL,
    // The client is the X-Forwarded-For address: each search its own, so the search limit's counters
    // in the shared Redis never meet another run's.
    TRUST_PROXY: '1',
    DATABASE_URL: databaseUrl,
  };
}

/** Searches benefits by ID number (in the query string), from a private address of its own. */
async function searchBenefits(origin: string, idNumber: string): Promise<Response> {
  return fetch(`${origin}${ROUTE}?idNumber=${idNumber}`, {
    headers: { 'x-forwarded-for': `10.37.${randomInt(1, 254)}.${randomInt(1, 254)}` },
  });
}

describe('OpenTelemetry traces (decision 054)', () => {
  const databaseName = `bcp_tracing_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let receiver: Receiver;
  let dataDir: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    await admin.end();
    databaseUrl = withDatabaseName(ADMIN_URL, databaseName);
    receiver = await startReceiver();
    dataDir = mkdtempSync(join(tmpdir(), 'bcp-tracing-'));
  });
  afterAll(async () => {
    await receiver?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is on only with an OTLP endpoint, and not when the SDK is disabled or the exporter is none', () => {
    expect(tracingSettings({})).toEqual({ enabled: false, serviceName: 'bcp-api' });
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).enabled).toBe(true);
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }).enabled).toBe(
      true,
    );
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }).enabled).toBe(false);
    expect(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' }).enabled,
    ).toBe(false);
    expect(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }).enabled,
    ).toBe(false);
    expect(tracingSettings({ OTEL_SERVICE_NAME: 'fund-a-api' }).serviceName).toBe('fund-a-api');
  });

  it('sends the route span and the SQL span of one request over OTLP/HTTP, with no ID number in any attribute, and logs its trace id', async () => {
    const server = await startServerProcess(
      {
        ...serverEnv(databaseUrl),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        // Export every 100 ms instead of every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      dataDir,
    );
    try {
      const idNumber = buildSaIdNumber('1984-03-07', randomInt(0, 9999));
      const response = await searchBenefits(server.origin, idNumber);
      expect(response.status).toBe(200);
      const requestId = response.headers.get('x-request-id');
      // A token in the path (a password link's) is no attribute either: the route pattern stands for the path.
      const token = randomBytes(24).toString('hex');
      const tokenCheck = await fetch(`${server.origin}/api/v1/admin-sessions/verify-reset-url/${token}`, {
        headers: { 'x-forwarded-for': `10.38.${randomInt(1, 254)}.${randomInt(1, 254)}` },
      });
      expect(tokenCheck.status).toBe(422);

      const routeSpan = () =>
        receiver
          .spans()
          .find(
            (span) => span.kind === SERVER && attribute(span, 'http.route') === ROUTE && span.name.startsWith('GET'),
          );
      const sqlSpan = (traceId: string) =>
        receiver.spans().find((span) => span.traceId === traceId && attribute(span, 'db.system.name') === 'postgresql');
      await waitFor(scaled(20_000), 'the route span and its SQL span, and the token check span', () => {
        const route = routeSpan();
        const checked = receiver
          .spans()
          .some((span) => span.kind === SERVER && attribute(span, 'http.route') === TOKEN_ROUTE);
        return route !== undefined && sqlSpan(route.traceId) !== undefined && checked;
      });
      const route = routeSpan() as OtlpSpan;
      const sql = sqlSpan(route.traceId) as OtlpSpan;
      expect(sql.traceId).toBe(route.traceId);
      expect(String(attribute(sql, 'db.query.text'))).toMatch(/"id_number" = \$1/);
      // The Fastify span of the same request names the route too.
      expect(
        receiver
          .spans()
          .some(
            (span) =>
              span.traceId === route.traceId &&
              span.scope === '@fastify/otel' &&
              attribute(span, 'http.route') === ROUTE,
          ),
      ).toBe(true);
      const resource = (JSON.parse(receiver.bodies[0] as string) as OtlpExport).resourceSpans[0]?.resource;
      expect(resource?.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'bcp-api' } });

      // No attribute (nor anything else sent) carries the ID number or the token; no query string is sent.
      for (const body of receiver.bodies) {
        expect(body).not.toContain(idNumber);
        expect(body).not.toContain(token);
      }
      for (const span of receiver.spans()) expect(attribute(span, 'url.query')).toBeUndefined();

      // The server's log lines of that request carry the same trace id.
      await waitFor(scaled(5_000), 'the log line of the request', () =>
        server.logLines.some((line) => line.reqId === requestId && line.msg === 'request completed'),
      );
      const lines = server.logLines.filter((line) => line.reqId === requestId);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.trace_id).toBe(route.traceId);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('is off without OTEL_* variables: no trace ids in the log lines', async () => {
    const server = await startServerProcess(serverEnv(databaseUrl), dataDir);
    let exitCode: number | null;
    try {
      const response = await searchBenefits(server.origin, buildSaIdNumber('1984-03-08', randomInt(0, 9999)));
      expect(response.status).toBe(200);
      const requestId = response.headers.get('x-request-id');
      await waitFor(scaled(5_000), 'the log line of the request', () =>
        server.logLines.some((line) => line.reqId === requestId && line.msg === 'request completed'),
      );
      const lines = server.logLines.filter((line) => line.reqId === requestId);
      for (const line of lines) {
        expect(line).not.toHaveProperty('trace_id');
        expect(line).not.toHaveProperty('span_id');
      }
    } finally {
      exitCode = await server.stop();
    }
    expect(exitCode).toBe(0);
  });
});
