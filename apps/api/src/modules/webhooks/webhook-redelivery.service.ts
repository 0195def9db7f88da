import { WEBHOOK_MESSAGES, type WebhookDeliveryResponse } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { WEBHOOK_QUEUE, type WebhookJob } from './webhook-deliveries.service.js';
import { endpointForStaff, toDeliveryResponse } from './webhook-endpoints.service.js';
import { markFailedDeliveryPending, selectEndpointDelivery } from './webhooks.repository.js';

/** Which delivery is sent again: the partner, its endpoint and the delivery, as in the path. */
export interface RedeliveryTarget {
  partnerId: number;
  webhookId: number;
  deliveryId: number;
}

/**
 * Sends a `failed` delivery again, the one way for both callers: staff
 * (`POST /api/v1/partners/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver`, issue 38
 * item 5) and the partner itself, for its own endpoints
 * (`POST /api/v2/webhooks/{id}/deliveries/{deliveryId}/redeliver`, issue 39 item 3; the partner id
 * is the key's, so another partner's delivery is 404). The audit row names whoever asked
 * (`context`). The same row goes back to `pending` and a new
 * `webhook-delivery` job is queued for it, in one transaction with the audit row
 * (`partners.webhook_redelivered`, the partner's trail, with the webhook, delivery and message ids),
 * so `deliverWebhook` makes the attempt as for any delivery: the same stored payload and message id,
 * hence the same `webhook-id` header (Standard Webhooks: the receiver can drop a repeat), signed
 * afresh with the endpoint's current secrets, retried like a new delivery (`WEBHOOK_RETRY_LIMIT`)
 * and marked failed again if every attempt fails. `attempts` keeps counting.
 * @returns the delivery, now `pending`
 * @throws AppError `not_found` (404) when the partner has no such endpoint or the delivery is not of
 *   that endpoint; `conflict` (409) when the delivery is not `failed` (pending or delivered, or
 *   another redelivery came first) or its endpoint was deleted
 */
export async function redeliverWebhookDelivery(
  deps: { db: Database; jobs: JobQueue },
  target: RedeliveryTarget,
  context: AuditContext,
): Promise<WebhookDeliveryResponse> {
  const endpoint = await endpointForStaff(deps.db, target.partnerId, target.webhookId);
  const delivery = await selectEndpointDelivery(deps.db, endpoint.id, target.deliveryId);
  if (!delivery)
    throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound, undefined, {
      code: 'webhook_delivery_not_found',
    });
  if (delivery.status !== 'failed')
    throw new AppError('conflict', WEBHOOK_MESSAGES.notFailed(delivery.status), undefined, {
      code: 'webhook_delivery_not_failed',
      params: { status: delivery.status },
    });
  if (endpoint.deletedAt)
    throw new AppError('conflict', WEBHOOK_MESSAGES.endpointDeleted, undefined, { code: 'webhook_endpoint_deleted' });
  const pending = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const row = await markFailedDeliveryPending(tx, delivery.id);
    if (!row)
      throw new AppError('conflict', WEBHOOK_MESSAGES.notFailed('pending'), undefined, {
        code: 'webhook_delivery_not_failed',
        params: { status: 'pending' },
      });
    await deps.jobs.send<WebhookJob>(WEBHOOK_QUEUE, { deliveryId: row.id }, { tx });
    await recordAudit(tx, {
      ...context,
      action: 'partners.webhook_redelivered',
      entityType: 'partners',
      entityId: target.partnerId,
      after: {
        webhookId: endpoint.id,
        deliveryId: row.id,
        messageId: row.messageId,
        eventType: row.eventType,
        attempts: row.attempts,
      },
    });
    return row;
  });
  deps.jobs.wake([WEBHOOK_QUEUE]);
  return toDeliveryResponse(pending);
}
