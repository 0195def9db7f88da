import { WEBHOOK_ENDPOINTS_PER_PARTNER, WEBHOOK_MESSAGES } from '@bcp/contract';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { auditEvents, partnerWebhookEndpoints, webhookDeliveries } from '../src/db/schema/index.js';
import { createApiKey } from '../src/modules/partners/partner-api-keys.service.js';
import { createPartner } from '../src/modules/partners/partners.service.js';
import {
  deliverWebhook,
  fanOutWebhookEvent,
  WEBHOOK_FAN_OUT_QUEUE,
  WEBHOOK_QUEUE,
  type WebhookFanOutJob,
} from '../src/modules/webhooks/webhook-deliveries.service.js';
import { createWebhook } from '../src/modules/webhooks/webhook-endpoints.service.js';
import { call } from './support/accounts.js';
import { claimingMember, prepareClaim } from './support/claims.js';
import { administratorOf } from './support/partners.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { type ReceivedRequest, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

let testApp: TestApp;
let receiver: WebhookReceiver;
let receiverUrl: string;
const received: ReceivedRequest[] = [];
const app = () => testApp.app;

beforeAll(async () => {
  // A real HTTP receiver: `/fail/...` answers 500, anything else 204.
  receiver = await startWebhookReceiver(received, (path) => (path.startsWith('/fail') ? 500 : 204));
  receiverUrl = receiver.url;
  testApp = await createTestApp({
    env: {
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_RETRY_LIMIT: '2',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      // The receiver shares this process with the app and its embedded database: on a busy machine
      // (issue 41; load 18) an answer can take longer than the 10 s a real receiver gets, which the
      // log would then record as a timeout instead of the receiver's status.
      WEBHOOK_TIMEOUT_SECONDS: String(Math.min(60, Math.ceil(scaled(10_000) / 1000))),
      JOB_POLL_INTERVAL_SECONDS: '0.5',
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await receiver.close();
});

/** A partner API call with the partner's key. */
const partnerCall = (key: string | undefined, method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) =>
  app().inject({
    method,
    url: `/api/v2${path}`,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    ...(body ? { payload: body } : {}),
  });

/** Registers an endpoint at the receiver's `path` for claim.submitted; answers its id and secret. */
async function subscribe(key: string, path: string): Promise<{ id: number; secret: string }> {
  const created = await partnerCall(key, 'POST', '/webhooks', {
    url: `${receiverUrl}${path}`,
    events: ['claim.submitted'],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

const receivedAt = (path: string) => received.filter((request) => request.path === path);
/** Waits for the events' fan-out, then for the deliveries it queued (in that order: see `idle`). */
const settle = () => app().jobs.idle([WEBHOOK_FAN_OUT_QUEUE, WEBHOOK_QUEUE]);

/** Verifies a received request with the standardwebhooks library; throws when the signature is wrong. */
function verify(secret: string, request: ReceivedRequest): unknown {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });
}

describe('issue 26 item 3: signed webhooks for partners', () => {
  it('a submitted claim reaches the partner endpoint, signed; partner and staff read the delivery log', async () => {
    const member = await claimingMember(app());
    const partner = await administratorOf(app(), member.fundId);
    const endpoint = await subscribe(partner.key, '/ok/submitted');
    expect(endpoint.secret).toMatch(/^whsec_/);
    const { netAmountCents } = await prepareClaim(app(), member);
    const submitted = await call(app(), 'POST', `/api/app/benefit-claims/${member.benefitId}/claim`, {
      token: member.token,
      body: { declarationAccepted: true, netAmountCents },
    });
    expect(submitted.statusCode).toBe(200);
    await settle();
    const [request] = receivedAt('/ok/submitted');
    expect(request).toBeDefined();
    expect(verify(endpoint.secret, request as ReceivedRequest)).toMatchObject({
      type: 'claim.submitted',
      data: { claimId: submitted.json().id, fundId: member.fundId },
    });
    // Ids and the event type only.
    expect(Object.keys(JSON.parse((request as ReceivedRequest).body).data).sort()).toEqual(['claimId', 'fundId']);
    const log = await partnerCall(partner.key, 'GET', `/webhooks/${endpoint.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json().items).toEqual([
      expect.objectContaining({
        eventType: 'claim.submitted',
        status: 'delivered',
        attempts: 1,
        lastResponseCode: 204,
        lastLatencyMs: expect.any(Number),
      }),
    ]);
    const staff = await createStaff(app(), ['partners.read']);
    const staffLog = await call(
      app(),
      'GET',
      `/api/v1/partners/${partner.partnerId}/webhooks/${endpoint.id}/deliveries`,
      {
        token: staff.token,
      },
    );
    expect(staffLog.statusCode).toBe(200);
    expect(staffLog.json().items[0]).toMatchObject({ status: 'delivered', lastResponseCode: 204 });
    const endpoints = await call(app(), 'GET', `/api/v1/partners/${partner.partnerId}/webhooks`, {
      token: staff.token,
    });
    expect(endpoints.json().items).toEqual([expect.objectContaining({ id: endpoint.id })]);
    expect(endpoints.body).not.toContain(endpoint.secret);
  });

  it('a receiver answering 500 gets the retries, then the log shows failed', async () => {
    const member = await claimingMember(app());
    const partner = await administratorOf(app(), member.fundId);
    const endpoint = await subscribe(partner.key, '/fail/always');
    const test = await partnerCall(partner.key, 'POST', `/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await settle();
    // The first attempt and WEBHOOK_RETRY_LIMIT (2) retries.
    expect(receivedAt('/fail/always')).toHaveLength(3);
    const ids = new Set(receivedAt('/fail/always').map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const log = await partnerCall(partner.key, 'GET', `/webhooks/${endpoint.id}/deliveries?filter[status]=failed`);
    expect(log.json().items).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 3, lastResponseCode: 500, lastError: 'HTTP 500' }),
    ]);
  });

  it('after a rotation both secrets verify during the overlap; with no overlap only the new one', async () => {
    const member = await claimingMember(app());
    const partner = await administratorOf(app(), member.fundId);
    const endpoint = await subscribe(partner.key, '/ok/rotated');
    const rotated = await partnerCall(partner.key, 'POST', `/webhooks/${endpoint.id}/rotate`, { overlapHours: 1 });
    expect(rotated.statusCode).toBe(201);
    const { secret } = rotated.json();
    expect(secret).not.toBe(endpoint.secret);
    expect(rotated.json().previousSecretExpiresAt).not.toBeNull();
    await partnerCall(partner.key, 'POST', `/webhooks/${endpoint.id}/test`);
    await settle();
    const [during] = receivedAt('/ok/rotated');
    expect(String(during?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(endpoint.secret, during as ReceivedRequest)).toMatchObject({ type: 'webhook.test' });
    expect(verify(secret, during as ReceivedRequest)).toMatchObject({ type: 'webhook.test' });
    const again = await partnerCall(partner.key, 'POST', `/webhooks/${endpoint.id}/rotate`, { overlapHours: 0 });
    await partnerCall(partner.key, 'POST', `/webhooks/${endpoint.id}/test`);
    await settle();
    const after = receivedAt('/ok/rotated')[1] as ReceivedRequest;
    expect(verify(again.json().secret, after)).toMatchObject({ type: 'webhook.test' });
    expect(() => verify(secret, after)).toThrow();
    expect(() => verify(endpoint.secret, after)).toThrow();
    const trail = await app()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(partner.partnerId)));
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(['partners.webhook_created', 'partners.webhook_secret_rotated']),
    );
    const webhookRows = trail.filter((row) => row.action.startsWith('partners.webhook'));
    expect(webhookRows.map((row) => row.actorType)).toEqual(['partner', 'partner', 'partner']);
    expect(JSON.stringify(trail)).not.toContain(secret.slice(6));
  });

  it('sends nothing to a partner for a fund it does not serve', async () => {
    const served = await claimingMember(app());
    const other = await claimingMember(app());
    const partner = await administratorOf(app(), served.fundId);
    const endpoint = await subscribe(partner.key, '/ok/other-fund');
    const { netAmountCents } = await prepareClaim(app(), other);
    const submitted = await call(app(), 'POST', `/api/app/benefit-claims/${other.benefitId}/claim`, {
      token: other.token,
      body: { declarationAccepted: true, netAmountCents },
    });
    expect(submitted.statusCode).toBe(200);
    await settle();
    expect(receivedAt('/ok/other-fund')).toHaveLength(0);
    const rows = await app().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a URL that is not http(s), or internal or http:// in production (422 on url), and unknown events (422)', async () => {
    const member = await claimingMember(app());
    const partner = await administratorOf(app(), member.fundId);
    const ftp = await partnerCall(partner.key, 'POST', '/webhooks', {
      url: 'ftp://x.example/hook',
      events: ['claim.submitted'],
    });
    expect(ftp.statusCode).toBe(422);
    expect(ftp.json().errors.url).toBeDefined();
    const unknown = await partnerCall(partner.key, 'POST', '/webhooks', {
      url: 'https://x.example/h',
      events: ['nope'],
    });
    expect(unknown.statusCode).toBe(422);
    // As configured in production (WEBHOOK_ALLOW_HTTP off): https:// to a public host only.
    const production = { db: app().db, appSecret: 'test-app-secret-0123456789-abcdefghijklmnop', allowHttp: false };
    const context = { actor: { type: 'partner', id: partner.partnerId } } as const;
    for (const url of [
      'http://partner.example/h',
      'https://localhost/h',
      'https://127.0.0.1/h',
      'https://2130706433/h',
      'https://10.1.2.3/h',
      'https://192.168.0.9/h',
      'https://169.254.169.254/latest',
      'https://[::1]/h',
      'https://[fd00::1]/h',
      'https://user:pw@partner.example/h',
    ]) {
      await expect(
        createWebhook(production, partner.partnerId, { url, events: ['claim.submitted'] }, context),
        url,
      ).rejects.toMatchObject({ kind: 'validation', fieldErrors: { url: [expect.any(String)] } });
    }
    const ok = await createWebhook(
      production,
      partner.partnerId,
      { url: 'https://partner.example/h', events: ['claim.submitted'] },
      context,
    );
    expect(ok.url).toBe('https://partner.example/h');
  });
});

/** Submits the member's prepared claim through the app; answers the claim id. */
async function submit(member: Awaited<ReturnType<typeof claimingMember>>): Promise<number> {
  const { netAmountCents } = await prepareClaim(app(), member);
  const submitted = await call(app(), 'POST', `/api/app/benefit-claims/${member.benefitId}/claim`, {
    token: member.token,
    body: { declarationAccepted: true, netAmountCents },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json().id;
}

/** A tracing partner serving (linked to) the fund `fundId`, with an API key. */
async function tracingPartnerOf(fundId: number): Promise<{ partnerId: number; key: string }> {
  const system = { actor: { type: 'system', label: 'test' } } as const;
  const partner = await createPartner(
    app().db,
    { name: `Tracer ${fundId}`, kind: 'tracing-partner', fundIds: [fundId] },
    system,
  );
  const key = await createApiKey(app().db, partner.id, { name: 'Production' }, system);
  return { partnerId: partner.id, key: key.key };
}

/**
 * Records, until `stop`, the transaction (txid) of every row inserted into claim events, webhook
 * deliveries and pg-boss jobs (real triggers on the real database), to see which rows the
 * member's claim-submit transaction stored.
 */
async function recordInserts(): Promise<{ stop: () => Promise<void> }> {
  // Table and the name its rows are recorded under (a job lands in its queue's partition).
  const tables = [
    ['public.benefit_claim_events', 'benefit_claim_events'],
    ['public.webhook_deliveries', 'webhook_deliveries'],
    ['pgboss.job', 'job'],
  ] as const;
  await app().db.execute(sql`create table if not exists test_inserts (
    source text not null, record jsonb not null, txid bigint not null default txid_current())`);
  await app().db.execute(sql`create or replace function test_record_insert() returns trigger language plpgsql as $$
    begin insert into test_inserts (source, record) values (TG_ARGV[0], to_jsonb(NEW)); return NEW; end $$`);
  for (const [table, source] of tables) {
    await app().db.execute(
      sql.raw(
        `create trigger test_record_insert after insert on ${table} for each row execute function test_record_insert('${source}')`,
      ),
    );
  }
  return {
    stop: async () => {
      for (const [table] of tables) await app().db.execute(sql.raw(`drop trigger test_record_insert on ${table}`));
    },
  };
}

describe('issue 34 items 8 and 9: who hears of a claim, how many endpoints, and whose transaction pays', () => {
  it('a tracing partner serving the fund gets no claim.submitted (it cannot read the claim); the administrator does', async () => {
    const member = await claimingMember(app());
    const administrator = await administratorOf(app(), member.fundId);
    const tracer = await tracingPartnerOf(member.fundId);
    await subscribe(administrator.key, '/ok/administrator-hears');
    const tracerEndpoint = await subscribe(tracer.key, '/ok/tracer-hears');
    const claimId = await submit(member);
    await settle();
    expect(receivedAt('/ok/administrator-hears')).toHaveLength(1);
    expect(receivedAt('/ok/tracer-hears')).toHaveLength(0);
    const rows = await app()
      .db.select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, tracerEndpoint.id));
    expect(rows).toHaveLength(0);
    // The same rule as the partner API's: the tracing partner cannot read the claim either.
    const details = await partnerCall(tracer.key, 'POST', '/benefitclaim/getdetails', { claimId });
    expect(details.statusCode).toBe(404);
  });

  it(`at most ${WEBHOOK_ENDPOINTS_PER_PARTNER} live endpoints per partner (409 in the error shape); deleting one frees a place`, async () => {
    const partner = await administratorOf(app(), (await claimingMember(app())).fundId);
    const endpoints = [];
    for (let i = 0; i < WEBHOOK_ENDPOINTS_PER_PARTNER; i += 1)
      endpoints.push(await subscribe(partner.key, `/ok/cap/${i}`));
    const over = await partnerCall(partner.key, 'POST', '/webhooks', {
      url: `${receiverUrl}/ok/cap/over`,
      events: ['claim.submitted'],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: WEBHOOK_MESSAGES.tooMany, code: 'webhook_endpoint_limit' });
    expect((await partnerCall(partner.key, 'GET', '/webhooks')).json().items).toHaveLength(
      WEBHOOK_ENDPOINTS_PER_PARTNER,
    );
    const deleted = await partnerCall(partner.key, 'DELETE', `/webhooks/${endpoints[0]?.id}`);
    expect(deleted.statusCode).toBe(200);
    await subscribe(partner.key, '/ok/cap/again');
  });

  it('the member’s submit stores one fan-out job, no delivery rows, however many endpoints; every endpoint is then delivered to', async () => {
    const member = await claimingMember(app());
    const partner = await administratorOf(app(), member.fundId);
    for (let i = 0; i < WEBHOOK_ENDPOINTS_PER_PARTNER; i += 1) await subscribe(partner.key, `/ok/fan-out/${i}`);
    const recording = await recordInserts();
    let claimId: number;
    try {
      claimId = await submit(member);
      await settle();
    } finally {
      await recording.stop();
    }
    for (let i = 0; i < WEBHOOK_ENDPOINTS_PER_PARTNER; i += 1) expect(receivedAt(`/ok/fan-out/${i}`)).toHaveLength(1);
    type Insert = { source: string; record: Record<string, unknown>; txid: string };
    const inserts = (await app().db.execute(
      sql`select source, record, txid::text as txid from test_inserts`,
    )) as unknown as { rows: Insert[] };
    const rows = inserts.rows;
    const submitted = rows.find(
      (row) =>
        row.source === 'benefit_claim_events' &&
        Number(row.record.claim_id) === claimId &&
        row.record.to_status === 'submitted',
    );
    expect(submitted).toBeDefined();
    const inMemberTransaction = rows.filter((row) => row.txid === submitted?.txid);
    expect(inMemberTransaction.filter((row) => row.source === 'webhook_deliveries')).toHaveLength(0);
    expect(
      inMemberTransaction.filter((row) => row.source === 'job' && String(row.record.name).startsWith('webhook')),
    ).toEqual([expect.objectContaining({ record: expect.objectContaining({ name: WEBHOOK_FAN_OUT_QUEUE }) })]);
    // The deliveries were stored, by another transaction: one per endpoint.
    const deliveries = rows.filter(
      (row) =>
        row.source === 'webhook_deliveries' &&
        (row.record.payload as { data: { claimId: number } }).data.claimId === claimId,
    );
    expect(deliveries).toHaveLength(WEBHOOK_ENDPOINTS_PER_PARTNER);
    // The fan-out run again (a retry, or its process died after the commit) adds nothing.
    const fanOut = inMemberTransaction.find((row) => row.source === 'job' && row.record.name === WEBHOOK_FAN_OUT_QUEUE);
    await fanOutWebhookEvent(app(), fanOut?.record.data as WebhookFanOutJob);
    await settle();
    const stored = await app().db.select().from(webhookDeliveries);
    expect(
      stored.filter((row) => (row.payload as { data?: { claimId?: number } }).data?.claimId === claimId),
    ).toHaveLength(WEBHOOK_ENDPOINTS_PER_PARTNER);
    for (let i = 0; i < WEBHOOK_ENDPOINTS_PER_PARTNER; i += 1) expect(receivedAt(`/ok/fan-out/${i}`)).toHaveLength(1);
  });
});

describe('webhook routes: who may call them', () => {
  it('partner routes: 401 without a key, with a member or staff token; another partner’s endpoint is 404', async () => {
    const member = await claimingMember(app());
    const owner = await administratorOf(app(), member.fundId);
    const stranger = await administratorOf(app(), (await claimingMember(app())).fundId);
    const endpoint = await subscribe(owner.key, '/ok/guarded');
    const staff = await createStaff(app(), 'super-admin');
    const paths: ['GET' | 'POST' | 'DELETE', string][] = [
      ['GET', '/webhooks'],
      ['POST', '/webhooks'],
      ['DELETE', `/webhooks/${endpoint.id}`],
      ['POST', `/webhooks/${endpoint.id}/rotate`],
      ['POST', `/webhooks/${endpoint.id}/test`],
      ['GET', `/webhooks/${endpoint.id}/deliveries`],
    ];
    for (const [method, path] of paths) {
      const body = method === 'POST' ? {} : undefined;
      expect((await partnerCall(undefined, method, path, body)).statusCode, path).toBe(401);
      expect((await partnerCall(member.token, method, path, body)).statusCode, path).toBe(401);
      expect((await partnerCall(staff.token, method, path, body)).statusCode, path).toBe(401);
    }
    for (const [method, path] of paths.slice(2)) {
      const body = method === 'POST' ? {} : undefined;
      expect((await partnerCall(stranger.key, method, path, body)).statusCode, path).toBe(404);
    }
    expect((await partnerCall(stranger.key, 'GET', '/webhooks')).json().items).toEqual([]);
    const deleted = await partnerCall(owner.key, 'DELETE', `/webhooks/${endpoint.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await partnerCall(owner.key, 'GET', '/webhooks')).json().items).toEqual([]);
  });

  it('staff routes: 401 without a token or with a member token, 403 without partners.read', async () => {
    const member = await claimingMember(app());
    const partner = await administratorOf(app(), member.fundId);
    const endpoint = await subscribe(partner.key, '/ok/staff');
    const lacking = await createStaff(app(), ['funds.read']);
    const reader = await createStaff(app(), ['partners.read']);
    for (const url of [
      `/api/v1/partners/${partner.partnerId}/webhooks`,
      `/api/v1/partners/${partner.partnerId}/webhooks/${endpoint.id}/deliveries`,
    ]) {
      expect((await call(app(), 'GET', url)).statusCode, url).toBe(401);
      expect((await call(app(), 'GET', url, { token: member.token })).statusCode, url).toBe(401);
      expect((await call(app(), 'GET', url, { token: partner.key })).statusCode, url).toBe(401);
      expect((await call(app(), 'GET', url, { token: lacking.token })).statusCode, url).toBe(403);
      expect((await call(app(), 'GET', url, { token: reader.token })).statusCode, url).toBe(200);
    }
    const otherPartner = await administratorOf(app(), (await claimingMember(app())).fundId);
    const wrong = `/api/v1/partners/${otherPartner.partnerId}/webhooks/${endpoint.id}/deliveries`;
    expect((await call(app(), 'GET', wrong, { token: reader.token })).statusCode).toBe(404);
  });
});

describe('webhook deliveries reach public addresses only (SSRF)', () => {
  it('refuses at send time a host that resolves to an internal address, and an internal IP literal', async () => {
    const member = await claimingMember(app());
    const partner = await administratorOf(app(), member.fundId);
    const port = receiver.port;
    // Registered while its name pointed elsewhere; DNS (answered here, as a rebinding attacker's
    // server would) now says 127.0.0.1.
    const deps = {
      db: app().db,
      appSecret: app().config.appSecret as string,
      config: { ...app().config.webhooks, allowHttp: false },
      resolve: (_host: string, callback: (error: null, addresses: { address: string; family: number }[]) => void) =>
        callback(null, [{ address: '127.0.0.1', family: 4 }]),
    };
    for (const host of [`rebound.example:${port}`, `127.0.0.1:${port}`]) {
      const endpoint = await subscribe(partner.key, '/ok/rebound');
      await app()
        .db.update(partnerWebhookEndpoints)
        .set({ url: `http://${host}/ok/rebound` })
        .where(eq(partnerWebhookEndpoints.id, endpoint.id));
      // A delivery row without its job (the app's own worker allows http to 127.0.0.1 in tests).
      const [row] = await app()
        .db.insert(webhookDeliveries)
        .values({ endpointId: endpoint.id, messageId: `msg_${host}`, eventType: 'webhook.test', payload: {} })
        .returning({ id: webhookDeliveries.id });
      const deliveryId = row?.id as number;
      await deliverWebhook(deps, deliveryId, deps.config.retryLimit);
      const [delivery] = await app().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      expect(delivery, host).toMatchObject({ status: 'failed', lastError: 'internal address refused' });
    }
    expect(receivedAt('/ok/rebound')).toHaveLength(0);
    // Registration refuses `localhost.` too (a fully qualified localhost).
    await expect(
      createWebhook(
        { db: app().db, appSecret: deps.appSecret, allowHttp: false },
        partner.partnerId,
        { url: 'https://localhost./h', events: ['claim.submitted'] },
        { actor: { type: 'partner', id: partner.partnerId } },
      ),
    ).rejects.toMatchObject({ kind: 'validation' });
  });
});
