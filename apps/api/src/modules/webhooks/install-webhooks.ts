import type { FastifyInstance } from 'fastify';
import { deliverWebhook, WEBHOOK_QUEUE, type WebhookJob } from './webhook-deliveries.service.js';

/**
 * Declares the webhook delivery queue (issue 26 item 3): `WEBHOOK_RETRY_LIMIT` retries from
 * `WEBHOOK_RETRY_DELAY_SECONDS`, doubling (defaults span about a day). Call before the app is ready.
 */
export function installWebhooks(app: FastifyInstance): void {
  const { webhooks } = app.config;
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
