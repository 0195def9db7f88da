import type { FastifyInstance } from 'fastify';
import {
  deliverWebhook,
  fanOutWebhookEvent,
  WEBHOOK_FAN_OUT_QUEUE,
  WEBHOOK_QUEUE,
  type WebhookFanOutJob,
  type WebhookJob,
} from './webhook-deliveries.service.js';

/**
 * Declares the webhook queues: `webhook-fan-out` (one job per claim event, stored in the claim
 * move's transaction, turned into the deliveries; issue 34 item 9), with the jobs' default retries;
 * and `webhook-delivery` (issue 26 item 3), `WEBHOOK_RETRY_LIMIT` retries from
 * `WEBHOOK_RETRY_DELAY_SECONDS`, doubling (defaults span about a day). Call before the app is ready.
 */
export function installWebhooks(app: FastifyInstance): void {
  const { webhooks } = app.config;
  app.jobs.define<WebhookFanOutJob>(WEBHOOK_FAN_OUT_QUEUE, (job) =>
    fanOutWebhookEvent({ db: app.db, jobs: app.jobs }, job.data),
  );
  app.jobs.define<WebhookJob>(
    WEBHOOK_QUEUE,
    (job) =>
      deliverWebhook(
        { db: app.db, appSecret: app.config.appSecret as string, config: webhooks },
        job.data.deliveryId,
        job.retryCount,
      ),
    { retryLimit: webhooks.retryLimit, retryDelaySeconds: webhooks.retryDelaySeconds, expireInSeconds: 120 },
  );
}
