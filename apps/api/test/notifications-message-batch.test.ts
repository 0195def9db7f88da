import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, outboxMessages, personUsers } from '../src/db/schema/index.js';
import { runMessageDeliveries } from '../src/modules/notifications/deliveries.service.js';
import { createNotificationWithDeliveries } from '../src/modules/notifications/notifications.service.js';
import { type Member, signUpMember } from './support/accounts.js';
import { startSmtpServer } from './support/message-servers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Email delivery jobs a batch at a time (issue 40 item 6, decision 070): `runMessageDeliveries`
 * given one fetched batch stores every message of it, each then sent through SMTP on its own; one
 * message that fails (an address the messenger refuses, a transient SMTP refusal) does not fail,
 * hold back or duplicate the others, and a batch run again sends nothing twice.
 */
describe('email deliveries in one batch (notifications, issue 40 item 6)', () => {
  let test: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** Addresses the SMTP server refuses once (451, temporary): their message is retried alone. */
  const refuseOnce = new Set<string>();

  beforeAll(async () => {
    smtp = await startSmtpServer({
      onRcptTo(address, _session, callback) {
        if (refuseOnce.delete(address.address)) {
          callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
        } else callback();
      },
    });
    test = await createTestApp({
      env: { SMTP_URL: smtp.url, JOB_POLL_INTERVAL_SECONDS: '0.5', JOB_RETRY_DELAY_SECONDS: '1', JOB_RETRY_LIMIT: '2' },
    });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  /** A notification for the member and its email delivery, without a job (the test runs the batch itself). */
  async function pendingEmailDelivery(member: Member) {
    const { deliveries } = await createNotificationWithDeliveries(test.app.db, member.personUserId, {
      title: 'Claim approved',
      body: `<p>Claim of member ${member.personUserId} approved.</p>`,
      event: 'claim.approved',
    });
    const delivery = deliveries.find((item) => item.channel !== 'push');
    if (delivery?.channel !== 'email') throw new Error('expected an email delivery');
    return delivery.id;
  }

  it('stores and sends each message of the batch once; a failing one fails alone', async () => {
    const members = [];
    for (let index = 0; index < 4; index++) members.push(await signUpMember(test.app, { twoFactorMethod: 'EMAIL' }));
    const [first, refused, invalid, last] = members as [Member, Member, Member, Member];
    await test.app.messenger.flush();
    const deliveryIds = [];
    for (const member of members) deliveryIds.push(await pendingEmailDelivery(member));
    // An address the messenger refuses as given: its job fails, the others' do not.
    await test.app.db
      .update(personUsers)
      .set({ email: 'not-an-email' })
      .where(eq(personUsers.id, invalid.personUserId));
    const addressOf = await test.app.db
      .select({ id: personUsers.id, email: personUsers.email })
      .from(personUsers)
      .where(
        inArray(
          personUsers.id,
          members.map((member) => member.personUserId),
        ),
      );
    const email = (member: Member) => addressOf.find((row) => row.id === member.personUserId)?.email as string;
    refuseOnce.add(email(refused));
    const before = smtp.received.length;

    const deps = {
      db: test.app.db,
      push: test.app.push.sender,
      messenger: test.app.messenger,
      retryLimit: test.app.config.jobs.retryLimit,
    };
    const batch = deliveryIds.map((deliveryId, index) => ({ id: `job-${index}`, data: { deliveryId }, retryCount: 0 }));
    // The first delivery's job twice in one batch (a repeated job): handed over once.
    const repeat = { ...(batch[0] as (typeof batch)[number]), id: 'job-repeat' };
    const failures = await runMessageDeliveries(deps, [...batch, repeat]);
    expect([...failures.keys()]).toEqual(['job-2']);
    expect(failures.get('job-2')?.message).toMatch(/email address/);
    await test.app.messenger.flush();

    const deliveries = await test.app.db
      .select()
      .from(notificationDeliveries)
      .where(inArray(notificationDeliveries.id, deliveryIds))
      .orderBy(notificationDeliveries.id);
    expect(deliveries.map(({ status, attempts }) => ({ status, attempts }))).toEqual([
      { status: 'sent', attempts: 1 },
      { status: 'sent', attempts: 1 },
      { status: 'pending', attempts: 1 },
      { status: 'sent', attempts: 1 },
    ]);
    expect(deliveries[2]?.lastError).toMatch(/email address/);
    const outboxIds = deliveries.flatMap((delivery) => (delivery.outboxId === null ? [] : [delivery.outboxId]));
    expect(new Set(outboxIds).size).toBe(3);
    const outbox = await test.app.db.select().from(outboxMessages).where(inArray(outboxMessages.id, outboxIds));
    // The refused address was sent on its retry (attempt 2); the others at once; each once.
    expect(
      Object.fromEntries(outbox.map((row) => [row.destination, { status: row.status, attempts: row.attempts }])),
    ).toEqual({
      [email(first)]: { status: 'sent', attempts: 1 },
      [email(refused)]: { status: 'sent', attempts: 2 },
      [email(last)]: { status: 'sent', attempts: 1 },
    });
    const received = smtp.received.slice(before).flatMap((message) => message.envelopeTo);
    expect(received.sort()).toEqual([email(first), email(refused), email(last)].sort());

    // The same batch again as the last allowed attempt (retried jobs): nothing is stored or sent
    // twice; the invalid one fails again, now for good.
    const lastAttempt = deps.retryLimit;
    const again = await runMessageDeliveries(
      deps,
      batch.map((job) => ({ ...job, retryCount: lastAttempt })),
    );
    expect([...again.keys()]).toEqual(['job-2']);
    await test.app.messenger.flush();
    expect(smtp.received.length - before).toBe(3);
    const [invalidDelivery] = await test.app.db
      .select({ attempts: notificationDeliveries.attempts, status: notificationDeliveries.status })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, deliveryIds[2] as number));
    expect(invalidDelivery).toEqual({ attempts: lastAttempt + 1, status: 'failed' });
  });
});
