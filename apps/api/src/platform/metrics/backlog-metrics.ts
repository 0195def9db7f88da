import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/outbox-messages.js';
import type { ScrapedMetric } from './scraped-metric.js';

/** Webhook deliveries pending and failed, as the webhooks module counts them (its `countWebhookDeliveries`). */
export type CountWebhookDeliveries = () => Promise<{ pending: number; failed: number }>;

/** Email and SMS in the outbox (platform's table) not yet handed to the mail server or SMS gateway. */
export async function countPendingOutbox(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'pending'));
  return row?.count ?? 0;
}

/**
 * The backlogs of what the server owes others (issue 37 item 1), read on scrape:
 * `bcp_outbox_pending` (email and SMS not yet sent), `bcp_webhook_deliveries_pending` (partner
 * webhook deliveries waiting for an attempt or a retry) and `bcp_webhook_deliveries_failed`
 * (deliveries that used every attempt, until retention purges them).
 */
export function backlogMetrics(db: Database, countWebhookDeliveries: CountWebhookDeliveries): ScrapedMetric[] {
  let pending: ReturnType<CountWebhookDeliveries> | undefined;
  const deliveries = () => {
    pending ??= countWebhookDeliveries().finally(() => {
      pending = undefined;
    });
    return pending;
  };
  return [
    {
      name: 'bcp_outbox_pending',
      help: 'Email and SMS messages in the outbox not yet sent.',
      read: async () => [{ value: await countPendingOutbox(db) }],
    },
    {
      name: 'bcp_webhook_deliveries_pending',
      help: 'Partner webhook deliveries waiting for their first attempt or a retry.',
      read: async () => [{ value: (await deliveries()).pending }],
    },
    {
      name: 'bcp_webhook_deliveries_failed',
      help: 'Partner webhook deliveries that used every attempt (kept until retention purges them).',
      read: async () => [{ value: (await deliveries()).failed }],
    },
  ];
}
