import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import {
  createDeliveriesForMany,
  DELIVERY_QUEUES,
  type DeliveryJob,
  LIVE_QUEUE,
  type LiveJob,
} from './deliveries.service.js';
import {
  createNotifications,
  createNotificationWithDeliveries,
  type NotificationContent,
} from './notifications.service.js';

export type { NotificationContent } from './notifications.service.js';

/** What notifying needs; the Fastify app has all of it (`app.db`, `app.jobs`). */
export interface NotifyDependencies {
  db: Database;
  jobs: JobQueue;
}

/**
 * Records a notification for a member in the caller's transaction `tx` (issue 15 item 1): the
 * notification, its deliveries and their jobs are stored with the caller's own change, or none of
 * them if it rolls back; a crash after the commit loses nothing (the jobs run after a restart).
 * Call `jobs.wake()` once the transaction has committed, so the jobs start at once.
 *
 * Two statements (decision 071): the notification with its deliveries, then their jobs.
 *
 * 1. Stores the notification (in-app, always): title as plain text (at most 200 characters), body
 *    as rich text, sanitized.
 * 2. Queues a job that sends it to the member's open app sessions (live updates, any API process).
 * 3. Queues one job per outbound delivery (the jobs of 2 and 3 in one statement): a push to every registered device (WEB: web push; APP:
 *    FCM) and one email or SMS following the member's two-factor method. Each job is retried on
 *    its own (`JOB_RETRY_LIMIT`, `JOB_RETRY_DELAY_SECONDS` doubling), so one failing channel does
 *    not hold back or lose the others. Push payloads carry only the title and the notification
 *    id, never the body.
 *
 * Titles must not hold personal data (they show on lock screens); ID numbers in them are masked.
 * @returns the new notification's id
 * @throws database errors (the caller's transaction then rolls back)
 */
export async function recordNotification(
  tx: Database,
  jobs: JobQueue,
  personUserId: number,
  content: NotificationContent,
): Promise<{ notificationId: number }> {
  // One statement for the notification with its deliveries, one for all its jobs (decision 071).
  const { notificationId, deliveries } = await createNotificationWithDeliveries(tx, personUserId, content);
  const live: LiveJob = { notificationId };
  await jobs.sendEach(
    [
      { name: LIVE_QUEUE, data: live },
      ...deliveries.map((delivery) => ({
        name: delivery.channel === 'push' ? DELIVERY_QUEUES.push : DELIVERY_QUEUES.message,
        data: { deliveryId: delivery.id } satisfies DeliveryJob,
      })),
    ],
    { tx },
  );
  return { notificationId };
}

/**
 * The queues `recordNotification` sends to: wake these (`jobs.wake(NOTIFICATION_QUEUES)`) once the
 * transaction has committed, rather than every queue of the process (each woken worker fetches).
 */
export const NOTIFICATION_QUEUES: string[] = [LIVE_QUEUE, DELIVERY_QUEUES.push, DELIVERY_QUEUES.message];

/** Person users told per round of `recordNotificationForMany` (one insert of each kind per round). */
const NOTIFY_BATCH = 1000;

/**
 * `recordNotification` of the same content for many members, batched (issue 16 rule 7: a fund's
 * file tells every signed-up member who gains a benefit): per 1,000 members one insert of
 * notifications, two lookups and one insert of deliveries, and one insert of jobs per queue, in
 * the caller's transaction `tx`. Call `jobs.wake()` once it has committed.
 * @returns how many notifications were stored
 * @throws database errors (the caller's transaction then rolls back)
 */
export async function recordNotificationForMany(
  tx: Database,
  jobs: JobQueue,
  personUserIds: readonly number[],
  content: NotificationContent,
): Promise<number> {
  for (let start = 0; start < personUserIds.length; start += NOTIFY_BATCH) {
    const batch = personUserIds.slice(start, start + NOTIFY_BATCH);
    const created = await createNotifications(tx, batch, content);
    await jobs.sendMany<LiveJob>(
      LIVE_QUEUE,
      created.map(({ notificationId }) => ({ notificationId })),
      { tx },
    );
    const deliveries = await createDeliveriesForMany(tx, created);
    for (const [queue, channels] of [
      [DELIVERY_QUEUES.push, ['push']],
      [DELIVERY_QUEUES.message, ['email', 'sms']],
    ] as const) {
      const data = deliveries
        .filter((delivery) => (channels as readonly string[]).includes(delivery.channel))
        .map((delivery) => ({ deliveryId: delivery.id }));
      await jobs.sendMany<DeliveryJob>(queue, data, { tx });
    }
  }
  return personUserIds.length;
}

/**
 * Tells a member something (issue 5), in a transaction of its own: `recordNotification`, then
 * wakes the workers of its queues (`NOTIFICATION_QUEUES`). Used where nothing else is stored with it, e.g. identity verified or a
 * staff message; a change that must be announced with it (a claim move) calls
 * `recordNotification` in its own transaction instead.
 * @example await notifyPersonUser(app, personUserId, { title: 'Identity verified', body: '<p>...</p>', event: 'identity.verified' })
 * @returns the new notification's id
 * @throws database errors (then nothing was stored or queued)
 */
export async function notifyPersonUser(
  deps: NotifyDependencies,
  personUserId: number,
  content: NotificationContent,
): Promise<{ notificationId: number }> {
  const result = await deps.db.transaction((tx) =>
    recordNotification(tx as unknown as Database, deps.jobs, personUserId, content),
  );
  deps.jobs.wake(NOTIFICATION_QUEUES);
  return result;
}
