import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSaIdNumber } from '@bcp/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { outboxMessages } from '../src/db/schema/outbox-messages.js';
import { partners } from '../src/db/schema/partners.js';
import { partnerWebhookEndpoints, webhookDeliveries } from '../src/db/schema/webhooks.js';
import { poolMetrics } from '../src/platform/metrics/pool-metrics.js';
import { signUpMember } from './support/accounts.js';
import { submittedClaim } from './support/claims.js';
import { createTestApp, freePort, PRODUCTION_ENV, type TestApp } from './support/test-app.js';

/**
 * Issue 37 item 1 (decision 053): the server's Prometheus metrics at `/api/metrics`, scraped by a
 * real Prometheus (Debian's `prometheus` package) and read back through its HTTP API; the token,
 * the production defaults and the separate listener; labels that hold route patterns, never ids;
 * and each metric read on scrape.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TOKEN = 'metrics-token-0123456789-abcdef';
const PROBE_QUEUE = 'metrics-probe';

/** Fails (never skips) when a binary of Debian's `prometheus` package is missing. */
function requireTool(name: 'prometheus' | 'promtool'): void {
  const probe = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `${name} is not installed (${probe.error?.message ?? `exit ${probe.status}`}): run apt-get install prometheus`,
    );
  }
}

/** Polls `check` until it returns a value other than undefined, or fails after `ms` (scaled). */
async function eventually<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + scaled(ms);
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] as string] = pair[2] as string;
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('Prometheus metrics scraped by a real Prometheus (issue 37 item 1)', () => {
  let testApp: TestApp;
  let prometheus: ChildProcess | undefined;
  let prometheusOutput = '';
  let prometheusUrl = '';
  let workDir = '';
  let releaseProbe: () => void = () => undefined;

  /** The exposition through the real route, with the token. */
  async function scrape(): Promise<Sample[]> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return parseExposition(response.body);
  }

  /** Prometheus's answer to an instant query: the value of its only series, or undefined without one. */
  async function query(promql: string): Promise<number | undefined> {
    const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await response.json()) as { status: string; data: { result: { value: [number, string] }[] } };
    if (body.status !== 'success') throw new Error(`query failed: ${JSON.stringify(body)}`);
    const [series] = body.data.result;
    return series ? Number(series.value[1]) : undefined;
  }

  beforeAll(async () => {
    requireTool('prometheus');
    const probeRelease = new Promise<void>((resolve) => {
      releaseProbe = resolve;
    });
    testApp = await createTestApp({
      listen: true,
      // One job fetched at a time, so that a second probe job waits while the first runs.
      env: { METRICS_TOKEN: TOKEN, JOB_BATCH_SIZE: '1' },
      prepare: (app) => app.jobs.define(PROBE_QUEUE, () => probeRelease, { retryLimit: 0 }),
    });
    workDir = mkdtempSync(join(tmpdir(), 'bcp-prometheus-'));
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    const configFile = join(workDir, 'prometheus.yml');
    writeFileSync(
      configFile,
      [
        'global:',
        '  scrape_interval: 1s',
        '  evaluation_interval: 1s',
        'scrape_configs:',
        '  - job_name: bcp-api',
        '    metrics_path: /api/metrics',
        '    scrape_interval: 1s',
        '    scrape_timeout: 1s',
        '    authorization:',
        '      type: Bearer',
        `      credentials: ${TOKEN}`,
        '    static_configs:',
        `      - targets: ['${new URL(testApp.baseUrl as string).host}']`,
        '',
      ].join('\n'),
    );
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${configFile}`,
        `--storage.tsdb.path=${join(workDir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const keep = (chunk: Buffer) => {
      prometheusOutput = (prometheusOutput + chunk.toString()).slice(-4000);
    };
    prometheus.stdout?.on('data', keep);
    prometheus.stderr?.on('data', keep);
    await eventually('Prometheus to be ready', 30_000, async () => {
      if (prometheus?.exitCode !== null) throw new Error(`prometheus exited: ${prometheusOutput}`);
      return (await fetch(`${prometheusUrl}/-/ready`)).ok ? true : undefined;
    });
  }, scaled(60_000));

  afterAll(async () => {
    releaseProbe();
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    await testApp?.close();
  }, scaled(30_000));

  it("Prometheus scrapes the server with the token and reads back a route's request counter", async () => {
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${testApp.baseUrl}/api/health`)).status).toBe(200);
    const counted = await eventually('Prometheus to hold the 3 requests', 30_000, async () => {
      const value = await query('sum(http_requests_total{route="/api/health",method="GET",status_class="2xx"})');
      return value === 3 ? value : undefined;
    });
    expect(counted).toBe(3);
    // The target is up: the token was accepted.
    expect(await query('up{job="bcp-api"}')).toBe(1);
    expect(
      await query('histogram_quantile(0.99, sum by (le) (http_request_duration_seconds_bucket{route="/api/health"}))'),
    ).toBeGreaterThan(0);
  });

  it('every query of the Grafana dashboard parses in Prometheus and reads metrics the server exposes', async () => {
    const dashboard = JSON.parse(readFileSync(join(REPO_ROOT, 'deploy/grafana/bcp-dashboard.json'), 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const expressions = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    expect(expressions.length).toBeGreaterThan(15);
    // Every metric the server declares (`# TYPE` lines), with samples yet or not.
    const text = (
      await testApp.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    ).body;
    const exposed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1] as string));
    // The pool is PostgreSQL's; this server runs on the embedded database (its own test reads one below).
    exposed.add('bcp_db_pool_connections');
    for (const expr of expressions) {
      const promql = expr.replaceAll('$job', 'bcp-api').replaceAll('$__rate_interval', '1m');
      const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
      expect({ expr, status: response.status }).toEqual({ expr, status: 200 });
      for (const [, name] of promql.matchAll(
        /\b([a-z_]+(?:_total|_seconds|_bytes|_pending|_failed|_waiting|_active|_connections|_ready|_bucket))\{/g,
      )) {
        expect({ expr, name, exposed: exposed.has((name as string).replace(/_bucket$/, '')) }).toEqual({
          expr,
          name,
          exposed: true,
        });
      }
    }
  });

  it('answers 401 in the error shape without the token and with a wrong one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789-abcdef' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${testApp.baseUrl}/api/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({
        message: 'A valid metrics token is required.',
        code: 'metrics_token_required',
      });
    }
  });

  it('labels requests by route pattern, never by the URL: no id or ID number in any label', async () => {
    const idNumber = buildSaIdNumber('1980-05-15', 5009);
    // A route with a parameter (refused: no staff session) and a URL no route matches.
    expect((await fetch(`${testApp.baseUrl}/api/v1/funds/987654`)).status).toBe(401);
    expect((await fetch(`${testApp.baseUrl}/api/app/no-such-route/${idNumber}`)).status).toBe(404);
    const samples = await scrape();
    expect(sampleValue(samples, 'http_requests_total', { route: '/api/v1/funds/:id', status_class: '4xx' })).toBe(1);
    expect(
      sampleValue(samples, 'http_requests_total', { route: 'unmatched', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    const labelValues = samples.flatMap((sample) => Object.values(sample.labels));
    expect(labelValues.filter((value) => value.includes('987654') || value.includes(idNumber))).toEqual([]);
    expect(labelValues.filter((value) => value.startsWith('/') && !/^\/[a-zA-Z0-9/:*._-]*$/.test(value))).toEqual([]);
  });

  it('counts anonymous benefit searches by result, and whole sign-ups and claims moved from the database', async () => {
    const before = await scrape();
    const searchesBefore = sampleValue(before, 'bcp_benefit_searches_total', { result: 'none' }) ?? 0;
    const search = await testApp.app.inject({
      method: 'GET',
      url: `/api/app/benefits/idNumber?idNumber=${buildSaIdNumber('1975-03-09', 4321)}`,
    });
    expect(search.statusCode).toBe(200);
    const signUpsBefore = sampleValue(before, 'bcp_sign_ups_total') as number;
    await signUpMember(testApp.app);
    const claim = await submittedClaim(testApp.app);
    expect(claim.claimId).toBeGreaterThan(0);
    const after = await scrape();
    expect(sampleValue(after, 'bcp_benefit_searches_total', { result: 'none' })).toBe(searchesBefore + 1);
    // submittedClaim signs its member up too.
    expect(sampleValue(after, 'bcp_sign_ups_total')).toBeGreaterThanOrEqual(signUpsBefore + 1);
    expect(sampleValue(after, 'bcp_claims_moved_total', { status: 'submitted' })).toBe(
      (sampleValue(before, 'bcp_claims_moved_total', { status: 'submitted' }) ?? 0) + 1,
    );
    expect(sampleValue(after, 'bcp_claims_moved_total', { status: 'paid' })).toBe(0);
  });

  it('reads the outbox and webhook backlogs and failed deliveries on scrape', async () => {
    const db = testApp.app.db;
    const before = await scrape();
    await db
      .insert(outboxMessages)
      .values({ channel: 'email', destination: 'ops@example.com', purpose: 'metrics-test', body: 'x' });
    const [partner] = await db
      .insert(partners)
      .values({ name: 'Metrics partner', kind: 'tracing-partner' })
      .returning();
    const [endpoint] = await db
      .insert(partnerWebhookEndpoints)
      .values({
        partnerId: partner?.id as number,
        url: 'https://hooks.example.com/in',
        events: [],
        secretEncrypted: 'x',
      })
      .returning();
    const endpointId = endpoint?.id as number;
    await db.insert(webhookDeliveries).values([
      { endpointId, messageId: 'msg_a', eventType: 'claim.updated', payload: {}, status: 'pending' },
      { endpointId, messageId: 'msg_b', eventType: 'claim.updated', payload: {}, status: 'pending' },
      { endpointId, messageId: 'msg_c', eventType: 'claim.updated', payload: {}, status: 'failed' },
      { endpointId, messageId: 'msg_d', eventType: 'claim.updated', payload: {}, status: 'delivered' },
    ]);
    const after = await scrape();
    expect(sampleValue(after, 'bcp_outbox_pending')).toBe((sampleValue(before, 'bcp_outbox_pending') ?? 0) + 1);
    expect(sampleValue(after, 'bcp_webhook_deliveries_pending')).toBe(
      (sampleValue(before, 'bcp_webhook_deliveries_pending') ?? 0) + 2,
    );
    expect(sampleValue(after, 'bcp_webhook_deliveries_failed')).toBe(
      (sampleValue(before, 'bcp_webhook_deliveries_failed') ?? 0) + 1,
    );
  });

  it("reads each job queue's waiting and running jobs and its oldest due job's age", async () => {
    await testApp.app.jobs.send(PROBE_QUEUE, { n: 1 });
    await testApp.app.jobs.send(PROBE_QUEUE, { n: 2 });
    const samples = await eventually('one probe job running and one waiting', 15_000, async () => {
      const now = await scrape();
      const active = sampleValue(now, 'bcp_job_queue_active', { queue: PROBE_QUEUE });
      return active === 1 ? now : undefined;
    });
    expect(sampleValue(samples, 'bcp_job_queue_waiting', { queue: PROBE_QUEUE })).toBe(1);
    expect(sampleValue(samples, 'bcp_job_queue_oldest_age_seconds', { queue: PROBE_QUEUE })).toBeGreaterThan(0);
    // Every queue the server declares is reported, with or without jobs.
    expect(sampleValue(samples, 'bcp_job_queue_waiting', { queue: 'webhook-delivery' })).toBe(0);
  });

  it('reports readiness, event-loop lag and process metrics, and the pool on PostgreSQL only', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'bcp_ready')).toBe(1);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (testApp.database.handle.kind === 'postgres') {
      // The test's own queries have opened at least one connection.
      expect(sampleValue(samples, 'bcp_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(sampleValue(samples, 'bcp_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(samples.some((sample) => sample.name === 'bcp_db_pool_connections')).toBe(false);
    }
  });

  it("reads a PostgreSQL pool's open, idle and waiting connections", async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/none', max: 2 });
    try {
      const db = drizzle({ client: pool }) as unknown as Database;
      const [metric] = poolMetrics(db);
      expect(metric?.name).toBe('bcp_db_pool_connections');
      expect(await metric?.read()).toEqual([
        { labels: { state: 'total' }, value: 0 },
        { labels: { state: 'idle' }, value: 0 },
        { labels: { state: 'waiting' }, value: 0 },
      ]);
      expect(poolMetrics(testApp.app.db)).toHaveLength(testApp.database.handle.kind === 'postgres' ? 1 : 0);
    } finally {
      await pool.end();
    }
  });
});

describe('who may read the metrics (decision 053)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('checks METRICS_* at start: a short token or a bad port stops the server with a message naming it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.7', METRICS_TOKEN: TOKEN }).metrics).toEqual({
      token: TOKEN,
      port: 9464,
      host: '10.0.0.7',
    });
  });

  it('outside production without a token: open to loopback callers, 404 to others', async () => {
    const testApp = await createTestApp();
    apps.push(testApp);
    const local = await testApp.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.body).toContain('# TYPE http_requests_total counter');
    const remote = await testApp.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('in production without a token: 404 at /api/metrics; with METRICS_PORT, served on that listener only', async () => {
    const closed = await createTestApp({ env: PRODUCTION_ENV });
    apps.push(closed);
    const answer = await closed.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'Not found.', code: 'not_found' });

    const port = await freePort();
    const internal = await createTestApp({ env: { ...PRODUCTION_ENV, METRICS_PORT: String(port) }, listen: true });
    apps.push(internal);
    expect((await fetch(`${internal.baseUrl}/api/metrics`)).status).toBe(404);
    const served = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('# TYPE bcp_job_queue_waiting gauge');
    const other = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('the metrics listener asks for the token too when one is set', async () => {
    const port = await freePort();
    const testApp = await createTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: String(port) } });
    apps.push(testApp);
    const refused = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      message: 'A valid metrics token is required.',
      code: 'metrics_token_required',
    });
    const served = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(served.status).toBe(200);
  });
});
