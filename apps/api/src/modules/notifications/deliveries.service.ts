import { PUSH_BODY_TEXT, type PushPayload } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import type { JobContext } from '../../platform/jobs/job-queue.js';
import { maskIdNumbers } from '../../platform/messaging/message-text.js';
import type { Messenger, OutboundMessage } from '../../platform/messaging/messenger.js';
import type { PushSender } from '../../platform/push/push-sender.js';
import { findDevicesByIds, listDevicesOfPersonUsers, removeDeviceById } from '../devices/index.js';
import { findMessagePreferences, type MessagePreferences } from '../person-users/index.js';
import {
  type DeliveryOutcome,
  type DeliveryRecord,
  findDeliveriesWithNotifications,
  insertDeliveryIds,
  recordDeliveryOutcomes,
  updateDelivery,
} from './deliveries.repository.js';
import type { NotificationRecord } from './notifications.service.js';
import { richTextToPlain } from './rich-text.js';

/** Job queue names of notification delivery. */
export const DELIVERY_QUEUES = { push: 'notification-push', message: 'notification-message' } as const;

/** The job queue that sends a new notification to the member's open app sessions. */
export const LIVE_QUEUE = 'notification-live';

/** What a delivery job is given: the delivery row's id. */
export interface DeliveryJob {
  deliveryId: number;
}

/** What a live job is given: the notification's id. */
export interface LiveJob {
  notificationId: number;
}

export type { DeliveryRecord } from './deliveries.repository.js';

/**
 * The outbound deliveries of many new notifications at once (one of each person user, batched
 * notifications): one push per registered device and one email or SMS (the member's two-factor
 * method), all `pending`; two lookups and one insert, whatever their number. A single
 * notification is stored with its deliveries in one statement (`createNotificationWithDeliveries`).
 * @param created each new notification's id with its person user
 */
export async function createDeliveriesForMany(
  db: Database,
  created: ReadonlyArray<{ notificationId: number; personUserId: number }>,
): Promise<Array<Pick<DeliveryRecord, 'id' | 'channel'>>> {
  if (created.length === 0) return [];
  const personUserIds = created.map((item) => item.personUserId);
  const devicesOf = new Map<number, { id: number }[]>();
  for (const device of await listDevicesOfPersonUsers(db, personUserIds)) {
    devicesOf.set(device.personUserId, [...(devicesOf.get(device.personUserId) ?? []), device]);
  }
  const preferences = await findMessagePreferences(db, personUserIds);
  const rows = created.flatMap(({ notificationId, personUserId }) => [
    ...(devicesOf.get(personUserId) ?? []).map((device) => ({
      notificationId,
      channel: 'push' as const,
      deviceId: device.id,
    })),
    {
      notificationId,
      channel: preferences.get(personUserId)?.channel ?? ('email' as const),
      deviceId: null,
    },
  ]);
  return insertDeliveryIds(db, rows);
}

/** What sending a delivery needs. */
export interface DeliveryDependencies {
  db: Database;
  push: PushSender;
  messenger: Messenger;
  /** Retries pg-boss makes after the first attempt: the last attempt marks the delivery `failed`. */
  retryLimit: number;
}

async function finish(
  db: Database,
  id: number,
  patch: Partial<Pick<DeliveryRecord, 'status' | 'lastError' | 'outboxId'>> & { attempts: number },
): Promise<void> {
  const done = patch.status !== undefined && patch.status !== 'pending';
  await updateDelivery(db, id, { ...patch, ...(done ? { completedAt: new Date() } : {}) });
}

/**
 * The push payload: title (ID numbers masked), a fixed body and the ids; never the body text,
 * amounts or personal details (push goes through third parties and shows on lock screens).
 */
export function toPushPayload(notification: NotificationRecord): PushPayload {
  return {
    notificationId: notification.id,
    title: maskIdNumbers(notification.title),
    body: PUSH_BODY_TEXT,
    event: notification.event,
  };
}

/**
 * Runs a push delivery job: sends the push of one delivery and records the outcome (`sent`,
 * `undeliverable` with the reason, or, when the push service is gone, forgets the device). A
 * transient failure is recorded (`attempts`, `lastError`) and rethrown so pg-boss retries; the last
 * allowed attempt marks it `failed`. Deliveries already completed are not sent again. Email and SMS
 * deliveries go through `runMessageDeliveries`, a batch at a time.
 * @param retryCount pg-boss's retries so far (0 on the first attempt)
 */
export async function runDelivery(deps: DeliveryDependencies, deliveryId: number, retryCount: number): Promise<void> {
  const loaded = (await findDeliveriesWithNotifications(deps.db, [deliveryId])).get(deliveryId);
  if (loaded?.delivery.status !== 'pending') return;
  const { delivery, notification } = loaded;
  const attempts = retryCount + 1;
  try {
    await sendPush(deps, delivery, notification, attempts);
  } catch (error) {
    await recordFailure(deps, delivery.id, retryCount, error as Error);
    throw error;
  }
}

/** Records a failed attempt (`attempts`, `lastError`; `failed` on the last allowed one). */
async function recordFailure(deps: DeliveryDependencies, id: number, retryCount: number, error: Error): Promise<void> {
  const final = retryCount >= deps.retryLimit;
  await finish(deps.db, id, {
    attempts: retryCount + 1,
    lastError: error.message.slice(0, 500),
    ...(final ? { status: 'failed' as const } : {}),
  });
}

async function sendPush(
  deps: DeliveryDependencies,
  delivery: DeliveryRecord,
  notification: NotificationRecord,
  attempts: number,
): Promise<void> {
  const [device] = delivery.deviceId === null ? [] : await findDevicesByIds(deps.db, [delivery.deviceId]);
  if (!device) {
    await finish(deps.db, delivery.id, { attempts, status: 'undeliverable', lastError: 'the device was removed' });
    return;
  }
  const result = await deps.push.send({ source: device.source, token: device.token }, toPushPayload(notification));
  if (result.status === 'sent') await finish(deps.db, delivery.id, { attempts, status: 'sent', lastError: null });
  else if (result.status === 'gone') {
    await finish(deps.db, delivery.id, { attempts, status: 'undeliverable', lastError: 'the subscription is gone' });
    await removeDeviceById(deps.db, device.id);
  } else await finish(deps.db, delivery.id, { attempts, status: 'undeliverable', lastError: result.reason });
}

/** The email or SMS of a delivery to a member with these preferences, or why there is none. */
function toOutboundMessage(
  delivery: DeliveryRecord,
  notification: NotificationRecord,
  preferences: MessagePreferences | undefined,
): OutboundMessage | { undeliverable: string } {
  const channel = delivery.channel === 'sms' ? 'sms' : 'email';
  const destination = channel === 'sms' ? preferences?.phoneNumber : preferences?.email;
  if (!destination) return { undeliverable: `no ${channel} destination` };
  const plain = richTextToPlain(notification.body);
  return {
    channel,
    destination,
    purpose: `notification.${notification.event}`,
    subject: notification.title,
    text: channel === 'sms' ? `${notification.title}: ${plain}` : plain,
    ...(channel === 'email' ? { html: notification.body } : {}),
    recipient: { area: 'beneficiary', id: notification.personUserId },
    // The notification was written in the member's language (decision 036): the reference line follows it.
    ...(preferences ? { language: preferences.language } : {}),
  };
}

/**
 * Runs a fetched batch of email/SMS delivery jobs (issue 40 item 6, decision 070): one read of the
 * deliveries with their notifications, one of the members' addresses and languages, the batch's
 * messages handed to the messenger at once (`Messenger.sendMany`: their outbox rows and jobs in
 * one transaction; each message is then sent, retried and recorded on its own by the messenger's
 * job) and one statement recording every outcome: `sent` with its outbox row, or `undeliverable`
 * (no email or phone number). Deliveries no longer pending (done by an earlier job) and a second
 * job of the same delivery in the batch are skipped, so none is handed over twice. A message the
 * messenger refuses (`InvalidOutboundMessageError`) fails its job alone; a database error fails
 * the jobs of the deliveries still pending. A failed job's delivery records `attempts` and
 * `lastError` (`failed` on the last allowed attempt) and is retried on its own by pg-boss.
 * @returns the jobs that failed (job id -> error), for `JobQueue.defineBatch`
 */
export async function runMessageDeliveries(
  deps: DeliveryDependencies,
  batch: ReadonlyArray<JobContext<DeliveryJob>>,
): Promise<Map<string, Error>> {
  const failures = new Map<string, Error>();
  const loaded = await findDeliveriesWithNotifications(
    deps.db,
    batch.map((job) => job.data.deliveryId),
  );
  const pending: { job: JobContext<DeliveryJob>; delivery: DeliveryRecord; notification: NotificationRecord }[] = [];
  for (const job of batch) {
    const found = loaded.get(job.data.deliveryId);
    if (found?.delivery.status !== 'pending') continue;
    loaded.delete(job.data.deliveryId);
    pending.push({ job, ...found });
  }
  if (pending.length === 0) return failures;
  const preferences = await findMessagePreferences(deps.db, [
    ...new Set(pending.map(({ notification }) => notification.personUserId)),
  ]);
  const outcomes: DeliveryOutcome[] = [];
  const toSend: { job: JobContext<DeliveryJob>; delivery: DeliveryRecord; message: OutboundMessage }[] = [];
  for (const { job, delivery, notification } of pending) {
    const message = toOutboundMessage(delivery, notification, preferences.get(notification.personUserId));
    if ('undeliverable' in message) {
      outcomes.push({
        id: delivery.id,
        attempts: job.retryCount + 1,
        status: 'undeliverable',
        lastError: message.undeliverable,
        outboxId: null,
      });
    } else toSend.push({ job, delivery, message });
  }
  let failed: { job: JobContext<DeliveryJob>; error: Error }[] = [];
  try {
    const sent = toSend.length === 0 ? [] : await deps.messenger.sendMany(toSend.map(({ message }) => message));
    for (const [index, { job, delivery }] of toSend.entries()) {
      const outcome = sent[index];
      if (!outcome || 'error' in outcome)
        failed.push({ job, error: outcome?.error ?? new Error('message not stored') });
      else {
        outcomes.push({
          id: delivery.id,
          attempts: job.retryCount + 1,
          status: 'sent',
          lastError: null,
          outboxId: outcome.outboxId,
        });
      }
    }
    await recordDeliveryOutcomes(deps.db, outcomes);
  } catch (error) {
    // Nothing of the batch's messages was stored (one transaction), or their outcomes were not
    // recorded: every delivery of the batch is tried again. In the second case its message may be
    // stored and sent twice, as when one delivery's record failed before (at least once).
    failed = pending.map(({ job }) => ({ job, error: error as Error }));
  }
  for (const { job, error } of failed) {
    failures.set(job.id, error);
    await recordFailure(deps, job.data.deliveryId, job.retryCount, error).catch(() => undefined);
  }
  return failures;
}
