import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { webhookDeliveries } from '../../db/schema/webhooks.js';

/** Webhook deliveries still being tried (`pending`) and given up on (`failed`), in the delivery log. */
export interface WebhookDeliveryCounts {
  pending: number;
  failed: number;
}

/**
 * Counts the delivery log by status for the metrics (issue 37 item 1): deliveries waiting for an
 * attempt or a retry, and those that used every attempt (kept until retention purges them).
 */
export async function countWebhookDeliveries(db: Database): Promise<WebhookDeliveryCounts> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')`.mapWith(Number),
    })
    .from(webhookDeliveries);
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}
