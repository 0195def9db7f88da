import { WEBHOOK_MESSAGES } from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, webhookDeliveries } from '../src/db/schema/index.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { call } from './support/accounts.js';
import { createPersonUser } from './support/fixtures.js';
import { partnerCall as partnerCallAs } from './support/partners.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { type SentDelivery, sentDelivery as sentDeliveryTo, settleDeliveries } from './support/webhook-deliveries.js';
import { type ReceivedRequest, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/*
 * Issue 38 item 5: staff see a partner's webhook deliveries and send a failed one again, with the
 * same `webhook-id`, audited. Real HTTP to a real local receiver; no retries (WEBHOOK_RETRY_LIMIT 0),
 * so the first attempt answered 500 leaves the delivery failed.
 */

let testApp: TestApp;
let receiver: WebhookReceiver;
const received: ReceivedRequest[] = [];
/** What the receiver answers, by path: 204 unless set here. */
const answers = new Map<string, number>();
let redeliverer: Staff;
const app = () => testApp.app;

beforeAll(async () => {
  receiver = await startWebhookReceiver(received, (path) => answers.get(path) ?? 204);
  testApp = await createTestApp({
    env: {
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_RETRY_LIMIT: '0',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
    },
  });
  redeliverer = await createStaff(app(), ['webhooks.redeliver']);
});
afterAll(async () => {
  await testApp.close();
  await receiver.close();
});

/** A partner API call under `/api/v2` with `token` (none: anonymous). */
const partnerCall = (token: string | undefined, method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) =>
  partnerCallAs(app(), token, method, path, body);
const settle = () => settleDeliveries(app());
/** A new partner whose endpoint at the receiver's `path` answers `status`, and a test delivery attempted once. */
const sentDelivery = (path: string, status: number) =>
  sentDeliveryTo(app(), { url: receiver.url, answers }, path, status);

const redeliverUrl = (partnerId: number, webhookId: number, deliveryId: number) =>
  `/api/v1/partners/${partnerId}/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`;
/** `POST .../redeliver` of `sent`'s delivery (or the ids given), with `token` (none: anonymous). */
const redeliver = (sent: SentDelivery, token?: string) =>
  call(app(), 'POST', redeliverUrl(sent.partnerId, sent.webhookId, sent.deliveryId), token ? { token } : {});

const receivedAt = (path: string) => received.filter((request) => request.path === path);

async function deliveryRow(id: number) {
  const [row] = await app().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

describe('issue 38 item 5: staff redeliver a failed webhook delivery', () => {
  it('a delivery answered 500 is sent again with the same webhook-id and a valid signature, and audited', async () => {
    const sent = await sentDelivery('/flaky/redelivered', 500);
    expect(receivedAt(sent.path)).toHaveLength(1);
    expect(await deliveryRow(sent.deliveryId)).toMatchObject({ status: 'failed', attempts: 1, lastResponseCode: 500 });
    // The endpoint is fixed: it answers 204 now.
    answers.set(sent.path, 204);

    const response = await redeliver(sent, redeliverer.token);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ id: sent.deliveryId, messageId: sent.messageId, status: 'pending' });
    await settle();

    const [first, second] = receivedAt(sent.path) as [ReceivedRequest, ReceivedRequest];
    expect(receivedAt(sent.path)).toHaveLength(2);
    expect(second.headers['webhook-id']).toBe(sent.messageId);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    const verified = new Webhook(sent.secret).verify(second.body, {
      'webhook-id': String(second.headers['webhook-id']),
      'webhook-timestamp': String(second.headers['webhook-timestamp']),
      'webhook-signature': String(second.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'webhook.test', data: { webhookId: sent.webhookId } });

    // The staff log shows the same delivery, delivered on its second attempt.
    const reader = await createStaff(app(), ['partners.read']);
    const log = await call(app(), 'GET', `/api/v1/partners/${sent.partnerId}/webhooks/${sent.webhookId}/deliveries`, {
      token: reader.token,
    });
    expect(log.json().items).toEqual([
      expect.objectContaining({
        id: sent.deliveryId,
        messageId: sent.messageId,
        status: 'delivered',
        attempts: 2,
        lastResponseCode: 204,
        lastError: null,
      }),
    ]);

    const trail = await app()
      .db.select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'partners.webhook_redelivered'), eq(auditEvents.entityId, String(sent.partnerId))),
      );
    expect(trail).toEqual([
      expect.objectContaining({
        actorType: 'staff',
        actorId: redeliverer.userId,
        entityType: 'partners',
        after: expect.objectContaining({
          webhookId: sent.webhookId,
          deliveryId: sent.deliveryId,
          messageId: sent.messageId,
        }),
      }),
    ]);
    expect(JSON.stringify(trail)).not.toContain(sent.secret.slice(6));
  });

  it('409 for a delivery that was delivered or is being tried, with the reason; nothing is sent or audited', async () => {
    const sent = await sentDelivery('/ok/delivered', 204);
    expect(await deliveryRow(sent.deliveryId)).toMatchObject({ status: 'delivered' });
    const response = await redeliver(sent, redeliverer.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: WEBHOOK_MESSAGES.notFailed('delivered'),
      code: 'webhook_delivery_not_failed',
      params: { status: 'delivered' },
    });

    // A second press while the first redelivery is queued: refused, the delivery is no longer failed.
    const failed = await sentDelivery('/flaky/twice', 500);
    await app()
      .db.update(webhookDeliveries)
      .set({ status: 'pending' })
      .where(eq(webhookDeliveries.id, failed.deliveryId));
    const pending = await redeliver(failed, redeliverer.token);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(WEBHOOK_MESSAGES.notFailed('pending'));

    await settle();
    expect(receivedAt(sent.path)).toHaveLength(1);
    const audited = await app()
      .db.select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'partners.webhook_redelivered'), eq(auditEvents.entityId, String(sent.partnerId))),
      );
    expect(audited).toEqual([]);
  });

  it('409 for a failed delivery of an endpoint the partner deleted', async () => {
    const sent = await sentDelivery('/flaky/deleted', 500);
    expect((await partnerCall(sent.key, 'DELETE', `/webhooks/${sent.webhookId}`)).statusCode).toBe(200);
    const response = await redeliver(sent, redeliverer.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(WEBHOOK_MESSAGES.endpointDeleted);
    expect(await deliveryRow(sent.deliveryId)).toMatchObject({ status: 'failed' });
  });

  it("404 for another partner's delivery, by its endpoint or by the delivery id; it stays failed", async () => {
    const mine = await sentDelivery('/flaky/mine', 500);
    const theirs = await sentDelivery('/flaky/theirs', 500);
    const throughTheirEndpoint = await call(
      app(),
      'POST',
      redeliverUrl(mine.partnerId, theirs.webhookId, theirs.deliveryId),
      { token: redeliverer.token },
    );
    expect(throughTheirEndpoint.statusCode).toBe(404);
    expect(throughTheirEndpoint.json().message).toBe(WEBHOOK_MESSAGES.notFound);
    const throughMyEndpoint = await call(
      app(),
      'POST',
      redeliverUrl(mine.partnerId, mine.webhookId, theirs.deliveryId),
      {
        token: redeliverer.token,
      },
    );
    expect(throughMyEndpoint.statusCode).toBe(404);
    expect(throughMyEndpoint.json().message).toBe(WEBHOOK_MESSAGES.deliveryNotFound);
    const unknown = await call(app(), 'POST', redeliverUrl(mine.partnerId, mine.webhookId, 999_999_999), {
      token: redeliverer.token,
    });
    expect(unknown.statusCode).toBe(404);
    await settle();
    expect(await deliveryRow(theirs.deliveryId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(receivedAt(theirs.path)).toHaveLength(1);
  });

  it('401 without a token or with a member token, 403 without webhooks.redeliver; the delivery stays failed', async () => {
    const sent = await sentDelivery('/flaky/refused', 500);
    expect((await redeliver(sent)).statusCode).toBe(401);
    const member = await createPersonUser(app().db);
    const session = await createSession(app().db, { area: 'beneficiary', subjectId: member.personUserId });
    await markSessionVerified(app().db, session.sessionId);
    expect((await redeliver(sent, session.token)).statusCode).toBe(401);
    const reader = await createStaff(app(), ['partners.read', 'partners.write', 'partners.keys']);
    const forbidden = await redeliver(sent, reader.token);
    expect(forbidden.statusCode).toBe(403);
    await settle();
    expect(await deliveryRow(sent.deliveryId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(receivedAt(sent.path)).toHaveLength(1);
  });

  it('422 on ids that are not positive whole numbers', async () => {
    const response = await call(app(), 'POST', '/api/v1/partners/1/webhooks/1/deliveries/abc/redeliver', {
      token: redeliverer.token,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.deliveryId).toBeDefined();
  });
});
