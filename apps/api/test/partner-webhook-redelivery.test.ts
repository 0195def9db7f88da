import { WEBHOOK_MESSAGES } from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, webhookDeliveries } from '../src/db/schema/index.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { createPersonUser } from './support/fixtures.js';
import { partnerCall as partnerCallAs } from './support/partners.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { type SentDelivery, sentDelivery as sentDeliveryTo, settleDeliveries } from './support/webhook-deliveries.js';
import { type ReceivedRequest, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/*
 * Issue 39 item 3: a partner sends one of its own failed deliveries again through the partner API
 * (`POST /api/v2/webhooks/{id}/deliveries/{deliveryId}/redeliver`), with the same `webhook-id`,
 * audited; and the rotation answer says when the old secret stops signing. Real HTTP to a real
 * local receiver; no retries (WEBHOOK_RETRY_LIMIT 0), so a first attempt answered 500 leaves the
 * delivery failed.
 */

let testApp: TestApp;
let receiver: WebhookReceiver;
const received: ReceivedRequest[] = [];
/** What the receiver answers, by path: 204 unless set here. */
const answers = new Map<string, number>();
const app = () => testApp.app;

beforeAll(async () => {
  receiver = await startWebhookReceiver(received, (path) => answers.get(path) ?? 204);
  testApp = await createTestApp({
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_RETRY_LIMIT: '0', JOB_POLL_INTERVAL_SECONDS: '0.5' },
  });
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
const receivedAt = (path: string) => received.filter((request) => request.path === path);

const redeliverPath = (webhookId: number, deliveryId: number) =>
  `/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`;
/** `POST .../redeliver` of `sent`'s delivery with `token` (its partner's key unless given; null: anonymous). */
const redeliver = (sent: SentDelivery, token: string | null = sent.key) =>
  partnerCall(token ?? undefined, 'POST', redeliverPath(sent.webhookId, sent.deliveryId));

async function deliveryRow(id: number) {
  const [row] = await app().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

describe('issue 39 item 3: a partner redelivers its own failed delivery', () => {
  it('sends it again with the same webhook-id and a valid signature; 202 pending; audited as the partner', async () => {
    const sent = await sentDelivery('/partner/redelivered', 500);
    expect(await deliveryRow(sent.deliveryId)).toMatchObject({ status: 'failed', attempts: 1, lastResponseCode: 500 });
    answers.set(sent.path, 204);

    const response = await redeliver(sent);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ id: sent.deliveryId, messageId: sent.messageId, status: 'pending' });
    await settle();

    expect(receivedAt(sent.path)).toHaveLength(2);
    const [first, second] = receivedAt(sent.path) as [ReceivedRequest, ReceivedRequest];
    expect(second.headers['webhook-id']).toBe(sent.messageId);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    const verified = new Webhook(sent.secret).verify(second.body, {
      'webhook-id': String(second.headers['webhook-id']),
      'webhook-timestamp': String(second.headers['webhook-timestamp']),
      'webhook-signature': String(second.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'webhook.test', data: { webhookId: sent.webhookId } });

    const log = await partnerCall(sent.key, 'GET', `/webhooks/${sent.webhookId}/deliveries`);
    expect(log.json().items).toEqual([
      expect.objectContaining({ id: sent.deliveryId, status: 'delivered', attempts: 2, lastResponseCode: 204 }),
    ]);

    const trail = await app()
      .db.select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'partners.webhook_redelivered'), eq(auditEvents.entityId, String(sent.partnerId))),
      );
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actorType: 'partner', actorId: sent.partnerId, entityType: 'partners' });
    expect(trail[0]?.after).toMatchObject({
      webhookId: sent.webhookId,
      deliveryId: sent.deliveryId,
      messageId: sent.messageId,
    });
  });

  it("refuses another partner's delivery (404, nothing sent) and a delivery that is not failed (409)", async () => {
    const owner = await sentDelivery('/partner/owned', 500);
    const stranger = await sentDelivery('/partner/stranger', 500);
    // The stranger's key on the owner's endpoint and delivery, and on its own endpoint with the owner's delivery.
    const foreign = await partnerCall(stranger.key, 'POST', redeliverPath(owner.webhookId, owner.deliveryId));
    expect(foreign.statusCode, foreign.body).toBe(404);
    const mixed = await partnerCall(stranger.key, 'POST', redeliverPath(stranger.webhookId, owner.deliveryId));
    expect(mixed.statusCode, mixed.body).toBe(404);
    expect(mixed.json().message).toBe(WEBHOOK_MESSAGES.deliveryNotFound);
    await settle();
    expect(receivedAt(owner.path)).toHaveLength(1);
    expect(await deliveryRow(owner.deliveryId)).toMatchObject({ status: 'failed', attempts: 1 });

    const delivered = await sentDelivery('/partner/delivered', 204);
    const again = await redeliver(delivered);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(WEBHOOK_MESSAGES.notFailed('delivered'));
  });

  it('401 without a key, with a wrong key, or with a staff or member token (wrong area); 422 for a bad id', async () => {
    const sent = await sentDelivery('/partner/guarded', 500);
    const staff = await createStaff(app(), 'super-admin');
    const member = await createPersonUser(app().db);
    const session = await createSession(app().db, { area: 'beneficiary', subjectId: member.personUserId });
    await markSessionVerified(app().db, session.sessionId);
    for (const token of [null, 'bcp_pk_wrong', staff.token, session.token]) {
      const response = await redeliver(sent, token);
      expect(response.statusCode, String(token)).toBe(401);
    }
    const bad = await partnerCall(sent.key, 'POST', `/webhooks/${sent.webhookId}/deliveries/abc/redeliver`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('deliveryId');
    await settle();
    expect(receivedAt(sent.path)).toHaveLength(1);
    expect(await deliveryRow(sent.deliveryId)).toMatchObject({ status: 'failed' });
  });
});

describe('issue 39 item 3: the rotation answer is true to the overlap', () => {
  it('overlap 0: the old secret stopped at once; overlap 2: it signs until the time given', async () => {
    const sent = await sentDelivery('/partner/rotated', 204);
    const none = await partnerCall(sent.key, 'POST', `/webhooks/${sent.webhookId}/rotate`, { overlapHours: 0 });
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().previousSecretExpiresAt).toBeNull();
    expect(none.json().message).toBe(WEBHOOK_MESSAGES.rotated(null));
    expect(none.json().message).toContain('stopped signing at once');
    expect(none.json().message).not.toContain('until');

    const before = Date.now();
    const overlap = await partnerCall(sent.key, 'POST', `/webhooks/${sent.webhookId}/rotate`, { overlapHours: 2 });
    expect(overlap.statusCode, overlap.body).toBe(201);
    const until = overlap.json().previousSecretExpiresAt as string;
    const hours = (Date.parse(until) - before) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(2);
    expect(hours).toBeLessThan(2.01);
    expect(overlap.json().message).toBe(WEBHOOK_MESSAGES.rotated(until));
    expect(overlap.json().message).toContain(`until ${until}`);
  });
});
