import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import {
  auditEvents,
  idempotencyKeys,
  messageReferences,
  notificationDeliveries,
  notifications,
  oneTimePins,
  outboxMessages,
  passwordResetTokens,
  sessions,
} from '../src/db/schema/index.js';
import { createSession } from '../src/platform/auth/sessions.js';
import { RETENTION_QUEUE } from '../src/platform/retention/install-retention.js';
import { purgeExpiredRecords } from '../src/platform/retention/purge.service.js';
import { createPersonUser } from './support/fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const HOUR = 60 * 60 * 1000;
const PERIODS = {
  sessionsHours: 24,
  pinsHours: 24,
  resetTokensHours: 24,
  outboxHours: 24,
  deliveriesHours: 24,
  messageReferencesHours: 24 * 180,
};
const hoursAgo = (hours: number, now: Date) => new Date(now.getTime() - hours * HOUR);

async function ids<T extends { id: number }>(rows: Promise<T[]>): Promise<number[]> {
  return (await rows).map((row) => row.id);
}

describe('issue 15 item 4: retention', () => {
  it('purges each kind of record once it has been over for its period, and keeps the rest', async () => {
    const db = t.app.db;
    const now = new Date();
    const member = await createPersonUser(db);
    const session = async (at: Date, patch: Partial<typeof sessions.$inferInsert> = {}) => {
      const { sessionId } = await createSession(db, { area: 'beneficiary', subjectId: member.personUserId, now: at });
      if (Object.keys(patch).length > 0) await db.update(sessions).set(patch).where(eq(sessions.id, sessionId));
      return sessionId;
    };
    const expiredLongAgo = await session(hoursAgo(72, now));
    const revokedLongAgo = await session(hoursAgo(30, now), { revokedAt: hoursAgo(25, now), lastSeenAt: now });
    const idleLongAgo = await session(hoursAgo(26, now), { lastSeenAt: hoursAgo(25, now), expiresAt: now });
    const endedRecently = await session(hoursAgo(30, now), {
      lastSeenAt: hoursAgo(2, now),
      expiresAt: hoursAgo(1, now),
    });
    const live = await session(now);

    const pin = async (values: Partial<typeof oneTimePins.$inferInsert>) => {
      const [row] = await db
        .insert(oneTimePins)
        .values({
          purpose: 'sign_in',
          subjectArea: 'beneficiary',
          subjectId: member.personUserId,
          channel: 'EMAIL',
          destination: member.email ?? 'member@example.com',
          codeHash: 'x',
          expiresAt: new Date(now.getTime() + 10 * 60 * 1000),
          ...values,
        })
        .returning({ id: oneTimePins.id });
      return row?.id as number;
    };
    const usedPin = await pin({ createdAt: hoursAgo(26, now), consumedAt: hoursAgo(25, now) });
    const expiredPin = await pin({ createdAt: hoursAgo(40, now), expiresAt: hoursAgo(39, now) });
    const pinOfPurgedSession = await pin({ sessionId: expiredLongAgo, createdAt: hoursAgo(72, now) });
    const recentUsedPin = await pin({ consumedAt: hoursAgo(1, now) });
    const livePin = await pin({ sessionId: live });

    const token = async (values: Partial<typeof passwordResetTokens.$inferInsert>) => {
      const [row] = await db
        .insert(passwordResetTokens)
        .values({
          subjectArea: 'beneficiary',
          subjectId: member.personUserId,
          tokenHash: `hash-${Math.random()}`,
          expiresAt: new Date(now.getTime() + HOUR),
          ...values,
        })
        .returning({ id: passwordResetTokens.id });
      return row?.id as number;
    };
    const oldToken = await token({ createdAt: hoursAgo(50, now), expiresAt: hoursAgo(49, now) });
    const usedToken = await token({ usedAt: hoursAgo(30, now) });
    const liveToken = await token({});

    const outbox = async (status: 'pending' | 'sent' | 'failed', createdAt: Date) => {
      const [row] = await db
        .insert(outboxMessages)
        .values({
          channel: 'email',
          destination: member.email ?? 'member@example.com',
          purpose: 'otp.sign_in',
          body: 'PIN 123456',
          status,
          createdAt,
        })
        .returning({ id: outboxMessages.id });
      return row?.id as number;
    };
    const oldSent = await outbox('sent', hoursAgo(25, now));
    const oldFailed = await outbox('failed', hoursAgo(48, now));
    const oldPending = await outbox('pending', hoursAgo(48, now));
    const recentSent = await outbox('sent', hoursAgo(1, now));

    const [notification] = await db
      .insert(notifications)
      .values({
        personUserId: member.personUserId,
        title: 'Claim approved',
        body: '<p>ok</p>',
        source: 'SYSTEM',
        event: 'claim.approved',
        createdAt: hoursAgo(48, now),
      })
      .returning({ id: notifications.id });
    const delivery = async (status: 'pending' | 'sent', completedAt: Date | null) => {
      const [row] = await db
        .insert(notificationDeliveries)
        .values({ notificationId: notification?.id as number, channel: 'email', status, completedAt })
        .returning({ id: notificationDeliveries.id });
      return row?.id as number;
    };
    const oldDelivery = await delivery('sent', hoursAgo(47, now));
    const recentDelivery = await delivery('sent', hoursAgo(3, now));
    const pendingDelivery = await delivery('pending', null);

    const key = async (expiresAt: Date) => {
      const [row] = await db
        .insert(idempotencyKeys)
        .values({ scope: 'test', owner: 'o', key: `k-${Math.random()}`, requestHash: 'h', expiresAt })
        .returning({ id: idempotencyKeys.id });
      return row?.id as number;
    };
    const expiredKey = await key(hoursAgo(1, now));
    const liveKey = await key(new Date(now.getTime() + HOUR));
    const reference = async (code: string, createdAt: Date) => {
      const [row] = await db
        .insert(messageReferences)
        .values({ referenceCode: code, destinationHash: 'h', channel: 'sms', kind: 'pin', createdAt })
        .returning({ id: messageReferences.id });
      return row?.id as number;
    };
    const oldReference = await reference(`OLD${String(Math.random()).slice(2, 7)}`, hoursAgo(24 * 181, now));
    const recentReference = await reference(`NEW${String(Math.random()).slice(2, 7)}`, hoursAgo(24 * 179, now));
    const auditsBefore = await db.$count(auditEvents);

    const deleted = await purgeExpiredRecords(db, PERIODS, now);

    expect(
      await ids(
        db
          .select({ id: sessions.id })
          .from(sessions)
          .where(inArray(sessions.id, [expiredLongAgo, revokedLongAgo, idleLongAgo, endedRecently, live])),
      ),
    ).toEqual([endedRecently, live].sort((a, b) => a - b));
    const pinIds = [usedPin, expiredPin, pinOfPurgedSession, recentUsedPin, livePin];
    expect(
      (await ids(db.select({ id: oneTimePins.id }).from(oneTimePins).where(inArray(oneTimePins.id, pinIds)))).sort(),
    ).toEqual([recentUsedPin, livePin].sort());
    expect(
      await ids(
        db
          .select({ id: passwordResetTokens.id })
          .from(passwordResetTokens)
          .where(inArray(passwordResetTokens.id, [oldToken, usedToken, liveToken])),
      ),
    ).toEqual([liveToken]);
    expect(
      (
        await ids(
          db
            .select({ id: outboxMessages.id })
            .from(outboxMessages)
            .where(inArray(outboxMessages.id, [oldSent, oldFailed, oldPending, recentSent])),
        )
      ).sort(),
    ).toEqual([oldPending, recentSent].sort());
    expect(
      (
        await ids(
          db
            .select({ id: notificationDeliveries.id })
            .from(notificationDeliveries)
            .where(inArray(notificationDeliveries.id, [oldDelivery, recentDelivery, pendingDelivery])),
        )
      ).sort(),
    ).toEqual([recentDelivery, pendingDelivery].sort());
    expect(
      await ids(
        db
          .select({ id: idempotencyKeys.id })
          .from(idempotencyKeys)
          .where(inArray(idempotencyKeys.id, [expiredKey, liveKey])),
      ),
    ).toEqual([liveKey]);
    expect(
      await ids(
        db
          .select({ id: messageReferences.id })
          .from(messageReferences)
          .where(inArray(messageReferences.id, [oldReference, recentReference])),
      ),
    ).toEqual([recentReference]);
    // The member's notification history and the audit trail are never purged.
    expect(await db.$count(notifications, eq(notifications.id, notification?.id as number))).toBe(1);
    expect(await db.$count(auditEvents)).toBe(auditsBefore);
    expect(deleted).toMatchObject({
      sessions: 3,
      pins: 3,
      resetTokens: 2,
      outbox: 2,
      deliveries: 1,
      idempotencyKeys: 1,
      messageReferences: 1,
    });

    // Running again deletes nothing more.
    expect(await purgeExpiredRecords(db, PERIODS, now)).toEqual({
      sessions: 0,
      pins: 0,
      resetTokens: 0,
      outbox: 0,
      deliveries: 0,
      idempotencyKeys: 0,
      messageReferences: 0,
      watchlist: 0,
    });
  });

  it('honours a longer period from the configuration', async () => {
    const db = t.app.db;
    const now = new Date();
    const member = await createPersonUser(db);
    const { sessionId } = await createSession(db, {
      area: 'beneficiary',
      subjectId: member.personUserId,
      now: hoursAgo(100, now),
    });
    await purgeExpiredRecords(db, { ...PERIODS, sessionsHours: 24 * 7 }, now);
    expect(await db.$count(sessions, eq(sessions.id, sessionId))).toBe(1);
    await purgeExpiredRecords(db, { ...PERIODS, sessionsHours: 24 }, now);
    expect(await db.$count(sessions, eq(sessions.id, sessionId))).toBe(0);
  });

  it('is scheduled in the job queue at RETENTION_SCHEDULE (UTC), and the job purges', async () => {
    expect(t.config.retention.schedule).toBe('17 * * * *');
    const result = (await t.app.db.execute(
      sql`select name, cron, timezone from pgboss.schedule where name = ${RETENTION_QUEUE}`,
    )) as unknown as { rows: { name: string; cron: string; timezone: string }[] };
    expect(result.rows).toEqual([{ name: RETENTION_QUEUE, cron: '17 * * * *', timezone: 'UTC' }]);

    const member = await createPersonUser(t.app.db);
    const { sessionId } = await createSession(t.app.db, {
      area: 'beneficiary',
      subjectId: member.personUserId,
      now: hoursAgo(72, new Date()),
    });
    await t.app.jobs.send(RETENTION_QUEUE, {});
    await t.app.jobs.idle([RETENTION_QUEUE]);
    expect(await t.app.db.$count(sessions, eq(sessions.id, sessionId))).toBe(0);
    expect(JSON.stringify(t.logs)).toContain('retention purge');
  });

  it('reads its periods and schedule from the environment, and refuses bad ones naming the variable', () => {
    const config = loadConfig({ RETENTION_SESSIONS_HOURS: '168', RETENTION_SCHEDULE: '0 3 * * *' });
    expect(config.retention).toEqual({
      schedule: '0 3 * * *',
      sessionsHours: 168,
      pinsHours: 24,
      resetTokensHours: 24,
      outboxHours: 24,
      deliveriesHours: 24,
      messageReferencesHours: 24 * 180,
    });
    expect(loadConfig({ RETENTION_MESSAGE_REFERENCES_HOURS: '720' }).retention.messageReferencesHours).toBe(720);
    for (const [name, value] of [
      ['RETENTION_SCHEDULE', 'every hour'],
      ['RETENTION_SCHEDULE', '* * *'],
      ['RETENTION_PINS_HOURS', '0'],
      ['RETENTION_OUTBOX_HOURS', 'abc'],
      ['RETENTION_MESSAGE_REFERENCES_HOURS', '1'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
    }
  });
});
