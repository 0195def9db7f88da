import type { FastifyInstance } from 'fastify';
import { createLiveHub, type LiveHub } from '../../platform/live/live-hub.js';
import { createFcmSender } from '../../platform/push/fcm-sender.js';
import { createPushSender, type PushSender } from '../../platform/push/push-sender.js';
import { ensureVapidKeys } from '../../platform/push/vapid-keys.js';
import { createWebPushSender } from '../../platform/push/web-push-sender.js';
import { useModulePurge } from '../../platform/retention/purge.service.js';
import { deleteDeliveriesCompletedBefore } from './deliveries.repository.js';
import {
  DELIVERY_QUEUES,
  type DeliveryJob,
  LIVE_QUEUE,
  type LiveJob,
  runDelivery,
  runMessageDeliveries,
} from './deliveries.service.js';
import { findNotifications, toNotificationResponse } from './notifications.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events to open app sessions (platform/live). */
    live: LiveHub;
    /** Push to devices, and the VAPID public key browsers subscribe with (undefined: web push off). */
    push: { sender: PushSender; vapidPublicKey: string | undefined };
  }
}

/**
 * Installs notifications (issue 5) on the app: live updates (`app.live`; Redis fan-out with `REDIS_URL`),
 * push senders (`app.push`; VAPID keys from config or `DATA_DIR`, FCM when configured), the
 * delivery job queues on `app.jobs`, and its part of the retention purge (completed deliveries). Its routes (`firebase/*` and `firebase/live` under `/api/app`, and
 * outside production `POST /api/dev/notifications`) are registered by notifications/module.ts, after every module's install.
 */
export async function installNotifications(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const { jobs } = app;
  const live = createLiveHub({ redisUrl: config.redisUrl, log: app.log });
  const keys = ensureVapidKeys(config.push, config.env, config.dataDir);
  if (!keys) app.log.warn('web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  const sender = createPushSender(
    createWebPushSender(config.push, keys),
    createFcmSender(config.push.fcmServiceAccountFile),
  );
  app.decorate('live', live);
  app.decorate('push', { sender, vapidPublicKey: keys?.publicKey });

  const deliveryDeps = { db: app.db, push: sender, messenger: app.messenger, retryLimit: config.jobs.retryLimit };
  jobs.define<DeliveryJob>(DELIVERY_QUEUES.push, (job) =>
    runDelivery(deliveryDeps, job.data.deliveryId, job.retryCount),
  );
  // Email and SMS a fetched batch at a time (issue 40 item 6, decision 070).
  jobs.defineBatch<DeliveryJob>(DELIVERY_QUEUES.message, (batch) => runMessageDeliveries(deliveryDeps, batch));
  // Live updates are best effort (an app that was closed lists its notifications when opened): no
  // retries. A fetched batch is read in one query (issue 40 item 6); each is published on its own.
  jobs.defineBatch<LiveJob>(
    LIVE_QUEUE,
    async (batch) => {
      const failures = new Map<string, Error>();
      const found = await findNotifications(
        app.db,
        batch.map((job) => job.data.notificationId),
      );
      const byId = new Map(found.map((notification) => [notification.id, notification]));
      await Promise.all(
        batch.map(async (job) => {
          const notification = byId.get(job.data.notificationId);
          if (!notification) return;
          await live
            .publish(notification.personUserId, {
              type: 'notification',
              id: String(notification.id),
              data: toNotificationResponse(notification),
            })
            .catch((error: Error) => failures.set(job.id, error));
        }),
      );
      return failures;
    },
    { retryLimit: 0 },
  );
  app.addHook('onClose', async () => live.close());
  // Platform's retention purge deletes completed deliveries through notifications (issue 35).
  useModulePurge('deliveries', deleteDeliveriesCompletedBefore);
}
