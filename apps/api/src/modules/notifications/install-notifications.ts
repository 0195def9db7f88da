import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue.js';
import { createLiveHub, type LiveHub } from '../../platform/live/live-hub.js';
import { createFcmSender } from '../../platform/push/fcm-sender.js';
import { createPushSender, type PushSender } from '../../platform/push/push-sender.js';
import { ensureVapidKeys } from '../../platform/push/vapid-keys.js';
import { createWebPushSender } from '../../platform/push/web-push-sender.js';
import { deviceRoutes } from '../devices/app.routes.js';
import { devDeviceRoutes } from '../devices/dev.routes.js';
import { notificationRoutes } from './app.routes.js';
import { DELIVERY_QUEUES, type DeliveryJob, runDelivery } from './deliveries.service.js';
import { devNotificationRoutes } from './dev.routes.js';
import { liveRoutes } from './live.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs on the database (pg-boss; platform/jobs). */
    jobs: JobQueue;
    /** Live events to open app sessions (platform/live). */
    live: LiveHub;
    /** Push to devices, and the VAPID public key browsers subscribe with (undefined: web push off). */
    push: { sender: PushSender; vapidPublicKey: string | undefined };
  }
}

/**
 * Installs notifications (issue 5) on the app: the job queue (`app.jobs`, started when the app is
 * ready, stopped before it closes), live updates (`app.live`; Redis fan-out with `REDIS_URL`),
 * push senders (`app.push`; VAPID keys from config or `DATA_DIR`, FCM when configured), the
 * delivery job queues, and the routes: `firebase/*` and `firebase/live` under `/api/app`, and
 * outside production `POST /api/dev/notifications` and `GET /api/dev/device`. Call in `buildApp` after access control.
 */
export async function installNotifications(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  const { config } = app;
  const jobs = createJobQueue({ db: database.db, kind: database.kind, config: config.jobs, log: app.log });
  const live = createLiveHub({ redisUrl: config.redisUrl, log: app.log });
  const keys = ensureVapidKeys(config.push, config.env, config.dataDir);
  if (!keys) app.log.warn('web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  const sender = createPushSender(
    createWebPushSender(config.push, keys),
    createFcmSender(config.push.fcmServiceAccountFile),
  );
  app.decorate('jobs', jobs);
  app.decorate('live', live);
  app.decorate('push', { sender, vapidPublicKey: keys?.publicKey });

  const deliveryDeps = { db: app.db, push: sender, messenger: app.messenger, retryLimit: config.jobs.retryLimit };
  for (const queue of Object.values(DELIVERY_QUEUES)) {
    jobs.define<DeliveryJob>(queue, (job) => runDelivery(deliveryDeps, job.data.deliveryId, job.retryCount));
  }
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  app.addHook('onClose', async () => live.close());

  await app.register(notificationRoutes, { prefix: '/api/app' });
  await app.register(deviceRoutes, { prefix: '/api/app' });
  await app.register(liveRoutes, { prefix: '/api/app' });
  await app.register(devNotificationRoutes, { prefix: '/api' });
  await app.register(devDeviceRoutes, { prefix: '/api' });
}
