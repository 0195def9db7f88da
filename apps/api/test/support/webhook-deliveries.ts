import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { WEBHOOK_QUEUE } from '../../src/modules/webhooks/webhook-deliveries.service.js';
import { partnerCall, partnerWithKey } from './partners.js';

/** A partner, its endpoint and one `webhook.test` delivery to it, attempted (see `sentDelivery`). */
export interface SentDelivery {
  partnerId: number;
  key: string;
  webhookId: number;
  secret: string;
  deliveryId: number;
  messageId: string;
  /** The receiver path the endpoint points at. */
  path: string;
}

/** Waits until the queued webhook deliveries are attempted (and, with no retries, settled). */
export const settleDeliveries = (app: FastifyInstance) => app.jobs.idle([WEBHOOK_QUEUE]);

/**
 * A new partner (with an API key) whose endpoint at `receiverUrl` + `path` answers `status`
 * (`answers` is the map the test's receiver reads), and a `webhook.test` delivery to it, attempted
 * once. Run the app with `WEBHOOK_RETRY_LIMIT=0` for a failed delivery to stay failed.
 */
export async function sentDelivery(
  app: FastifyInstance,
  receiver: { url: string; answers: Map<string, number> },
  path: string,
  status: number,
): Promise<SentDelivery> {
  receiver.answers.set(path, status);
  const { partnerId, key } = await partnerWithKey(app, `Webhook partner ${path}`);
  const created = await partnerCall(app, key, 'POST', '/webhooks', {
    url: `${receiver.url}${path}`,
    events: ['claim.submitted'],
  });
  expect(created.statusCode, created.body).toBe(201);
  const webhook = created.json();
  const test = await partnerCall(app, key, 'POST', `/webhooks/${webhook.id}/test`);
  expect(test.statusCode, test.body).toBe(202);
  await settleDeliveries(app);
  return {
    partnerId,
    key,
    webhookId: webhook.id,
    secret: webhook.secret,
    deliveryId: test.json().id,
    messageId: test.json().messageId,
    path,
  };
}
