import { PUSH_BODY_TEXT } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { devices, notificationDeliveries, outboxMessages } from '../src/db/schema/index.js';
import { notifyPersonUser } from '../src/modules/notifications/notify.service.js';
import { call, type Member, signUpMember } from './support/accounts.js';
import { type PushService, startPushService } from './support/push-service.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 5 "Done when": web push end to end without the internet. The push service is a real HTTPS
 * server on 127.0.0.1 (support/push-service.ts) that checks the VAPID authorization (ES256 JWT
 * against the key in the header, aud, exp) and decrypts the RFC 8291 aes128gcm payload with the
 * subscription's private key. Delivery runs as pg-boss jobs, retried per channel.
 */
describe('web push delivery (notifications, issue 5)', () => {
  let pushService: PushService;
  let test: TestApp;
  let member: Member;

  beforeAll(async () => {
    pushService = await startPushService();
    test = await createTestApp({
      env: {
        WEB_PUSH_ALLOWED_HOSTS: '127.0.0.1',
        WEB_PUSH_CA_FILE: pushService.caFile,
        JOB_POLL_INTERVAL_SECONDS: '0.5',
        JOB_RETRY_DELAY_SECONDS: '1',
        JOB_RETRY_LIMIT: '2',
      },
    });
    member = await signUpMember(test.app);
  });
  afterAll(async () => {
    await test?.close();
    await pushService?.close();
  });

  async function registerWebDevice(token: string) {
    const response = await call(test.app, 'POST', '/api/app/firebase/device', {
      token: member.token,
      body: { personUserId: member.personUserId, source: 'WEB', token },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: number };
  }

  async function deliveriesOf(notificationId: number) {
    return test.app.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, notificationId))
      .orderBy(notificationDeliveries.id);
  }

  it('sends a VAPID-signed, aes128gcm-encrypted push the subscription decrypts to the title and fixed body', async () => {
    const subscription = pushService.subscribe();
    await registerWebDevice(subscription.token);
    const keyResponse = await call(test.app, 'GET', '/api/app/firebase/web-push-key');
    const { publicKey } = keyResponse.json();

    const { notificationId } = await notifyPersonUser(test.app, member.personUserId, {
      title: 'Claim approved',
      body: '<p>Your claim for <strong>R 740.10</strong> was approved.</p>',
      event: 'claim.approved',
    });

    await vi.waitFor(
      () => expect(pushService.received.some((push) => push.endpoint === subscription.endpoint)).toBe(true),
      {
        timeout: scaled(15_000),
        interval: 100,
      },
    );
    const push = pushService.received.find((entry) => entry.endpoint === subscription.endpoint);
    expect(push?.error).toBeUndefined();
    expect(push?.vapid?.publicKey).toBe(publicKey);
    expect(push?.vapid?.aud).toBe(pushService.origin);
    expect(push?.payload).toEqual({
      notificationId,
      title: 'Claim approved',
      body: PUSH_BODY_TEXT,
      event: 'claim.approved',
    });
    // Nothing sensitive travels through the push service: not the amount in the body.
    expect(JSON.stringify(push?.payload)).not.toContain('740');
    await vi.waitFor(async () => expect((await deliveriesOf(notificationId))[0]?.status).toBe('sent'), {
      timeout: scaled(5_000),
    });
  });

  it('retries a push the push service fails (500) until it is accepted, and the SMS is not held back', async () => {
    pushService.received.length = 0;
    pushService.failNext(500);
    const { notificationId } = await notifyPersonUser(test.app, member.personUserId, {
      title: 'Claim paid',
      body: '<p>Paid.</p>',
      event: 'claim.paid',
    });
    await vi.waitFor(
      async () => {
        const rows = await deliveriesOf(notificationId);
        expect(rows.map((row) => [row.channel, row.status])).toEqual([
          ['push', 'sent'],
          ['sms', 'sent'],
        ]);
      },
      { timeout: scaled(20_000), interval: 200 },
    );
    const statuses = pushService.received.map((push) => push.status);
    expect(statuses.filter((status) => status === 500)).toHaveLength(1);
    const rows = await deliveriesOf(notificationId);
    expect(rows.some((row) => row.attempts === 2 && row.lastError === null)).toBe(true);
    const sms = rows.find((row) => row.channel === 'sms');
    const [outbox] = await test.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, sms?.outboxId ?? -1));
    expect(outbox).toMatchObject({
      channel: 'sms',
      destination: member.phoneNumber,
      purpose: 'notification.claim.paid',
    });
    expect(outbox?.body).toBe('Claim paid: Paid.');
  });

  it('marks a push failed after the last retry, and forgets a subscription the push service says is gone', async () => {
    await test.app.db.delete(devices).where(eq(devices.personUserId, member.personUserId));
    const failing = pushService.subscribe();
    await registerWebDevice(failing.token);
    pushService.failNext(503, 503, 503);
    const first = await notifyPersonUser(test.app, member.personUserId, { title: 'One', body: 'x', event: 'dev.test' });
    await vi.waitFor(async () => expect((await deliveriesOf(first.notificationId))[0]?.status).toBe('failed'), {
      timeout: scaled(20_000),
      interval: 200,
    });
    expect((await deliveriesOf(first.notificationId))[0]).toMatchObject({
      attempts: 3,
      lastError: 'push service answered 503',
    });

    // A subscription the push service no longer knows: 410 Gone.
    const gone = JSON.parse(pushService.subscribe().token);
    await registerWebDevice(JSON.stringify({ ...gone, endpoint: `${pushService.origin}/push/unknown` }));
    const second = await notifyPersonUser(test.app, member.personUserId, {
      title: 'Two',
      body: 'y',
      event: 'dev.test',
    });
    await vi.waitFor(
      async () => {
        const rows = await deliveriesOf(second.notificationId);
        expect(
          rows
            .filter((row) => row.channel === 'push')
            .map((row) => row.status)
            .sort(),
        ).toEqual(['sent', 'undeliverable']);
      },
      { timeout: scaled(10_000), interval: 200 },
    );
    const remaining = await test.app.db.select().from(devices).where(eq(devices.personUserId, member.personUserId));
    expect(remaining.map((device) => device.token)).toEqual([failing.token]);
  });

  it('records APP pushes as undeliverable when FCM is not configured, and refuses hosts not allowed', async () => {
    await test.app.db.delete(devices).where(eq(devices.personUserId, member.personUserId));
    await call(test.app, 'POST', '/api/app/firebase/device', {
      token: member.token,
      body: { personUserId: member.personUserId, source: 'APP', token: 'fcm-registration-token-123' },
    });
    await registerWebDevice(
      JSON.stringify({
        endpoint: 'https://push.example.com/x',
        keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      }),
    );
    const { notificationId } = await notifyPersonUser(test.app, member.personUserId, {
      title: 'Three',
      body: 'z',
      event: 'dev.test',
    });
    await vi.waitFor(
      async () => {
        const reasons = (await deliveriesOf(notificationId))
          .filter((row) => row.channel === 'push')
          .map((row) => [row.status, row.lastError]);
        expect(reasons).toEqual([
          ['undeliverable', 'FCM is not configured'],
          ['undeliverable', 'push service host push.example.com is not allowed'],
        ]);
      },
      { timeout: scaled(10_000), interval: 200 },
    );
  });
});
