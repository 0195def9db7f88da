import type { LookupAddress } from 'node:dns';
import { WEBHOOK_MESSAGES } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerWebhookEndpoints, webhookDeliveries } from '../src/db/schema/index.js';
import { createApiKey } from '../src/modules/partners/partner-api-keys.service.js';
import { createPartner } from '../src/modules/partners/partners.service.js';
import { isInternalAddress, namesInternalHost } from '../src/modules/webhooks/public-address.js';
import { type DeliveryDependencies, deliverWebhook } from '../src/modules/webhooks/webhook-deliveries.service.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { type ReceivedRequest, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/*
 * Issue 34 items 1 and 7: webhook endpoints may be any public address, IPv4 or IPv6, and no
 * internal one in any spelling. The app runs as in production (WEBHOOK_ALLOW_HTTP off).
 */

/** Public unicast addresses, as DNS answers or URL hosts give them. */
const PUBLIC_ADDRESSES = [
  '8.8.8.8',
  '1.1.1.1',
  '41.0.0.1',
  '2606:4700::1111',
  '2001:4860:4860::8888',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

/** Every special-purpose range, and each IPv6 form that carries an internal IPv4 address. */
const INTERNAL_ADDRESSES = [
  '0.0.0.0',
  '0.1.2.3',
  '10.1.2.3',
  '100.64.0.1',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '192.168.0.9',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '::127.0.0.1',
  '::7f00:1',
  '::8.8.8.8',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '64:ff9b::7f00:1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::808:808',
  '2002:7f00:1::1',
  '2002:a00:1::1',
  '2001::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  'fc00::1',
  'fd00::1',
  'fe80::1',
  'fe80::1%eth0',
  'ff02::1',
  '2001:db8::1',
  '100::1',
];

let testApp: TestApp;
let receiver: WebhookReceiver;
let port: number;
const received: ReceivedRequest[] = [];
const app = () => testApp.app;

beforeAll(async () => {
  receiver = await startWebhookReceiver(received);
  port = receiver.port;
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
  await receiver.close();
});

/** A new partner with an API key (webhooks need no fund). */
async function newPartner(name: string): Promise<{ partnerId: number; key: string }> {
  const system = { actor: { type: 'system', label: 'test' } } as const;
  const partner = await createPartner(app().db, { name, kind: 'fund-administrator' }, system);
  const key = await createApiKey(app().db, partner.id, { name: 'Production' }, system);
  return { partnerId: partner.id, key: key.key };
}

/** `POST /api/v2/webhooks` for `url` with the partner's key. */
const register = (key: string, url: string) =>
  app().inject({
    method: 'POST',
    url: '/api/v2/webhooks',
    headers: { authorization: `Bearer ${key}` },
    payload: { url, events: ['claim.submitted'] },
  });

/** A DNS that answers `addresses` for every name (a test-only resolver). */
const answering =
  (...addresses: string[]): DeliveryDependencies['resolve'] =>
  (_hostname, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

/** Test-only: whatever public address was checked, the connection goes to the local receiver. */
const toReceiver = (): LookupAddress => ({ address: '127.0.0.1', family: 4 });

/**
 * Registers an https:// endpoint for `registeredHost` through the API (201), then points its
 * stored URL at `http://<sendHost>/<path>` (the local receiver speaks plain http on its port) and
 * runs one delivery attempt, the last (no retry), as production sends it: address checks on, DNS
 * answered by `resolve`, checked addresses reached at the receiver. Answers the delivery row.
 */
async function deliverOnce(
  key: string,
  sendHost: string,
  path: string,
  resolve: DeliveryDependencies['resolve'],
  registeredHost = 'hooks.example-fund.co.za',
) {
  const created = await register(key, `https://${registeredHost}/h`);
  expect(created.statusCode, created.body).toBe(201);
  await app()
    .db.update(partnerWebhookEndpoints)
    .set({ url: `http://${sendHost}/${path}` })
    .where(eq(partnerWebhookEndpoints.id, created.json().id));
  const [row] = await app()
    .db.insert(webhookDeliveries)
    .values({
      endpointId: created.json().id,
      messageId: `msg_${path}`,
      eventType: 'webhook.test',
      payload: { type: 'webhook.test' },
    })
    .returning({ id: webhookDeliveries.id });
  const deps: DeliveryDependencies = {
    db: app().db,
    appSecret: app().config.appSecret as string,
    config: app().config.webhooks,
    resolve,
    reach: toReceiver,
  };
  expect(deps.config.allowHttp).toBe(false);
  await deliverWebhook(deps, row?.id as number, deps.config.retryLimit);
  const [delivery] = await app()
    .db.select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, row?.id as number));
  return { delivery, secret: created.json().secret as string };
}

describe('issue 34 items 1 and 7: webhook addresses, IPv4 and IPv6, both ways', () => {
  it('public unicast addresses are public; every special-purpose range and embedded internal IPv4 is internal', () => {
    for (const address of PUBLIC_ADDRESSES) expect(isInternalAddress(address), address).toBe(false);
    for (const address of INTERNAL_ADDRESSES) expect(isInternalAddress(address), address).toBe(true);
    // Host names are not addresses (resolved, then checked, at send time); odd IPv4 spellings and
    // localhost are refused by name.
    expect(namesInternalHost('hooks.example-fund.co.za')).toBe(false);
    expect(namesInternalHost('[2606:4700::1111]')).toBe(false);
    for (const host of ['localhost', 'localhost.', 'api.localhost', '0x7f.1', '2130706433', '0177.0.0.1', '[::1]']) {
      expect(namesInternalHost(host), host).toBe(true);
    }
  });

  it('registering a public IPv4 or IPv6 literal, or a name, answers 201', async () => {
    const partner = await newPartner('Public addresses');
    for (const url of [
      'https://8.8.8.8/h',
      'https://1.1.1.1/h',
      'https://[2606:4700::1111]/h',
      'https://[::ffff:8.8.8.8]/h',
      'https://[64:ff9b::808:808]/h',
      'https://hooks.example-fund.co.za/h',
    ]) {
      const created = await register(partner.key, url);
      expect(created.statusCode, `${url}: ${created.body}`).toBe(201);
    }
  });

  it('registering any internal form answers 422 "Must be a public address"', async () => {
    const partner = await newPartner('Internal addresses');
    for (const host of [
      '[::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::1]',
      '[::ffff:127.0.0.1]',
      '[::1]',
      '[::]',
      '10.1.2.3',
      '100.64.0.1',
      '169.254.169.254',
      '192.168.0.9',
      '198.18.0.1',
      '0.0.0.0',
      '[fd00::1]',
      '[fe80::1]',
      '[ff02::1]',
      '[2001:db8::1]',
      '[2001::1]',
      '0x7f.1',
      '2130706433',
      '0177.0.0.1',
      '127.1',
      'localhost.',
      'localhost',
    ]) {
      const refused = await register(partner.key, `https://${host}/h`);
      expect(refused.statusCode, host).toBe(422);
      expect(refused.json().errors, host).toEqual({ url: [WEBHOOK_MESSAGES.internalHost] });
    }
    expect(
      (
        await app().inject({
          method: 'GET',
          url: '/api/v2/webhooks',
          headers: { authorization: `Bearer ${partner.key}` },
        })
      ).json().items,
    ).toEqual([]);
  });

  it('a host resolving to a public IPv4 (or IPv6) address is delivered to, signed', async () => {
    const partner = await newPartner('Public resolution');
    for (const [path, address] of [
      ['public-v4', '8.8.8.8'],
      ['public-v6', '2606:4700::1111'],
    ] as const) {
      const { delivery, secret } = await deliverOnce(
        partner.key,
        `hooks.example-fund.co.za:${port}`,
        path,
        answering(address),
      );
      expect(delivery, address).toMatchObject({ status: 'delivered', lastResponseCode: 204, lastError: null });
      const request = received.find((entry) => entry.path === `/${path}`);
      expect(request, address).toBeDefined();
      expect(
        new Webhook(secret).verify(request?.body ?? '', {
          'webhook-id': String(request?.headers['webhook-id']),
          'webhook-timestamp': String(request?.headers['webhook-timestamp']),
          'webhook-signature': String(request?.headers['webhook-signature']),
        }),
      ).toEqual({ type: 'webhook.test' });
    }
  });

  it('at send time, a host resolving to an internal address in any form, or a stored internal literal, is refused', async () => {
    const partner = await newPartner('Internal resolution');
    const cases: [string, string, DeliveryDependencies['resolve']][] = [
      ['mapped', `rebound.example:${port}`, answering('::ffff:127.0.0.1')],
      ['nat64', `rebound.example:${port}`, answering('64:ff9b::7f00:1')],
      ['compatible', `rebound.example:${port}`, answering('::7f00:1')],
      ['sixtofour', `rebound.example:${port}`, answering('2002:7f00:1::1')],
      ['metadata', `rebound.example:${port}`, answering('169.254.169.254')],
      ['one-of-two', `rebound.example:${port}`, answering('8.8.8.8', '10.0.0.1')],
      // Stored before the checks were complete (the URL check runs at registration).
      ['literal-compatible', `[::7f00:1]:${port}`, answering()],
      ['literal-nat64', `[64:ff9b::7f00:1]:${port}`, answering()],
      ['literal-sixtofour', `[2002:7f00:1::1]:${port}`, answering()],
    ];
    for (const [path, host, resolve] of cases) {
      const { delivery } = await deliverOnce(partner.key, host, path, resolve, `${path}.example`);
      expect(delivery, path).toMatchObject({ status: 'failed', lastError: 'internal address refused' });
    }
    expect(received.filter((entry) => cases.some(([path]) => entry.path === `/${path}`))).toEqual([]);
  });
});
