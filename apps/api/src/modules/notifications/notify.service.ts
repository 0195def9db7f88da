import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { LiveHub } from '../../platform/live/live-hub.js';
import { createDeliveries, DELIVERY_QUEUES } from './deliveries.service.js';
import { createNotification, type NotificationContent, toNotificationResponse } from './notifications.service.js';

export type { NotificationContent } from './notifications.service.js';

/** What notifying needs; the Fastify app has all of it (`app.db`, `app.jobs`, `app.live`, `app.log`). */
export interface NotifyDependencies {
  db: Database;
  jobs: JobQueue;
  live: LiveHub;
  log: FastifyBaseLogger;
}

/**
 * Tells a member something (issue 5): the one call other domains make, e.g. on claim submitted,
 * approved, rejected (with the reason in the body) and paid, identity verified, a staff message.
 *
 * 1. Stores the notification (in-app, always): title as plain text (at most 200 characters), body
 *    as rich text, sanitized.
 * 2. Sends it at once to the member's open app sessions (live updates, any API process).
 * 3. Queues one background job (pg-boss) per outbound delivery: a push to every registered device
 *    (WEB: web push; APP: FCM) and one email or SMS following the member's two-factor method.
 *    Each job is retried on its own (`JOB_RETRY_LIMIT`, `JOB_RETRY_DELAY_SECONDS` doubling), so one
 *    failing channel does not hold back or lose the others. Push payloads carry only the title and
 *    the notification id, never the body.
 *
 * Titles must not hold personal data (they show on lock screens); ID numbers in them are masked.
 * Call it after the caller's own transaction has committed.
 * @example await notifyPersonUser(app, claim.personUserId, { title: 'Claim approved', body: '<p>...</p>', event: 'claim.approved' })
 * @returns the new notification's id
 * @throws database errors from storing the notification; a failure to queue deliveries is logged,
 *   not thrown (the notification is stored and shown in-app)
 */
export async function notifyPersonUser(
  deps: NotifyDependencies,
  personUserId: number,
  content: NotificationContent,
): Promise<{ notificationId: number }> {
  const notification = await createNotification(deps.db, personUserId, content);
  await deps.live.publish(personUserId, {
    type: 'notification',
    id: String(notification.id),
    data: toNotificationResponse(notification),
  });
  try {
    const deliveries = await createDeliveries(deps.db, notification);
    for (const delivery of deliveries) {
      const queue = delivery.channel === 'push' ? DELIVERY_QUEUES.push : DELIVERY_QUEUES.message;
      await deps.jobs.send(queue, { deliveryId: delivery.id });
    }
  } catch (error) {
    deps.log.error(
      { notificationId: notification.id, error: (error as Error).message },
      'notification deliveries could not be queued',
    );
  }
  return { notificationId: notification.id };
}
