import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryResponse, type WebhookEvent } from '@bcp/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { fetch } from 'undici';
import type { WebhooksConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { funds, partnerFunds, partners, partnerWebhookEndpoints, webhookDeliveries } from '../../db/schema/index.js';
import { decryptField } from '../../platform/crypto/field-encryption.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { InternalAddressError, isInternalAddress, publicOnlyDispatcher, type ResolveAll } from './public-address.js';
import { partnersEndpoint } from './webhook-endpoints.service.js';

/** The pg-boss queue of webhook deliveries: one job per delivery row. */
export const WEBHOOK_QUEUE = 'webhook-delivery';

/** A delivery job's data: the row of `webhook_deliveries` to send. */
export interface WebhookJob {
  deliveryId: number;
}

/** What a claim event names: ids only, never personal data. */
export interface ClaimEventSubject {
  claimId: number;
  fundId: number;
}

/** The Standard Webhooks body: `{ type, timestamp, data }`, data holding ids only. */
function payloadOf(type: string, data: Record<string, number>, now: Date): Record<string, unknown> {
  return { type, timestamp: now.toISOString(), data };
}

/** Live endpoints subscribed to `event` of the partners serving a fund (linked, or its administrator). */
async function subscribedEndpoints(tx: Database, event: WebhookEvent, fundId: number): Promise<number[]> {
  const linked = tx.select({ id: partnerFunds.partnerId }).from(partnerFunds).where(eq(partnerFunds.fundId, fundId));
  const administrator = tx.select({ id: funds.administratorPartnerId }).from(funds).where(eq(funds.id, fundId));
  const rows = await tx
    .select({ id: partnerWebhookEndpoints.id, events: partnerWebhookEndpoints.events })
    .from(partnerWebhookEndpoints)
    .innerJoin(partners, eq(partners.id, partnerWebhookEndpoints.partnerId))
    .where(
      and(
        isNull(partnerWebhookEndpoints.deletedAt),
        eq(partners.active, true),
        isNull(partners.deletedAt),
        or(inArray(partners.id, linked), inArray(partners.id, administrator)),
      ),
    );
  return rows.filter((row) => row.events.includes(event)).map((row) => row.id);
}

/**
 * Announces a claim event to the partners serving the claim's fund that subscribed to it (issue 26
 * item 3): one delivery row and one `webhook-delivery` job per endpoint, stored in the caller's
 * transaction `tx` (like the member's notifications, decision 021), so partners hear of exactly
 * the moves that were stored. The caller wakes the queue once the transaction has committed.
 * @throws database errors (the caller's transaction rolls back with them)
 */
export async function announceWebhookEvent(
  tx: Database,
  jobs: JobQueue,
  event: WebhookEvent,
  subject: ClaimEventSubject,
  now: Date = new Date(),
): Promise<void> {
  const endpointIds = await subscribedEndpoints(tx, event, subject.fundId);
  if (endpointIds.length === 0) return;
  const payload = payloadOf(event, { claimId: subject.claimId, fundId: subject.fundId }, now);
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId) => ({ endpointId, messageId: `msg_${randomUUID()}`, eventType: event, payload })),
    )
    .returning({ id: webhookDeliveries.id });
  await jobs.sendMany<WebhookJob>(
    WEBHOOK_QUEUE,
    rows.map((row) => ({ deliveryId: row.id })),
    { tx },
  );
}

/**
 * "Send test event" (`POST /api/v2/webhooks/{id}/test`): a `webhook.test` delivery to the
 * partner's endpoint, logged and retried like any other.
 * @throws AppError `not_found` (404) for an endpoint not the partner's
 */
export async function sendTestEvent(
  deps: { db: Database; jobs: JobQueue },
  partnerId: number,
  endpointId: number,
): Promise<WebhookDeliveryResponse> {
  await partnersEndpoint(deps.db, partnerId, endpointId);
  const payload = payloadOf(WEBHOOK_TEST_EVENT, { webhookId: endpointId }, new Date());
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({ endpointId, messageId: `msg_${randomUUID()}`, eventType: WEBHOOK_TEST_EVENT, payload })
    .returning();
  if (!row) throw new Error('webhook delivery insert returned nothing');
  await deps.jobs.send<WebhookJob>(WEBHOOK_QUEUE, { deliveryId: row.id });
  return {
    id: row.id,
    endpointId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: 0,
    lastResponseCode: null,
    lastLatencyMs: null,
    lastError: null,
    lastAttemptAt: null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What sending a delivery needs. */
export interface DeliveryDependencies {
  db: Database;
  appSecret: string;
  config: WebhooksConfig;
  /** DNS resolution of endpoint hosts; the system's when left out (tests answer for DNS). */
  resolve?: ResolveAll;
}

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
function signingSecrets(appSecret: string, endpoint: typeof partnerWebhookEndpoints.$inferSelect, now: Date): string[] {
  const secrets = [decryptField(appSecret, endpoint.secretEncrypted)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptField(appSecret, endpoint.previousSecretEncrypted));
  }
  return secrets;
}

/**
 * One POST to the endpoint: the status code (undefined when none came) and a short reason when not
 * 2xx. Unless `allowHttp` (tests, development), the connection goes only to public addresses: an
 * internal IP literal is refused here, a hostname resolving to one by `publicOnlyDispatcher`
 * (the endpoint's URL was checked when registered, but DNS can change since).
 */
async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  config: Pick<WebhooksConfig, 'timeoutSeconds' | 'allowHttp'>,
  resolve?: ResolveAll,
): Promise<{ code?: number; error?: string }> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!config.allowHttp && isInternalAddress(host)) return { error: 'internal address refused' };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(config.timeoutSeconds * 1000),
      ...(config.allowHttp ? {} : { dispatcher: publicOnlyDispatcher(resolve) }),
    });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return { code: response.status, ...(ok ? {} : { error: `HTTP ${response.status}` }) };
  } catch (error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof InternalAddressError) return { error: 'internal address refused' };
    const name = (error as Error).name;
    return { error: name === 'TimeoutError' ? 'timeout' : 'connection failed' };
  }
}

/**
 * Runs one attempt of a delivery (the `webhook-delivery` job): signs the stored payload with
 * Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`; both secrets during a
 * rotation's overlap), POSTs it, and logs the attempt (status code, latency). A 2xx answer is
 * delivered; otherwise the job throws so pg-boss retries it with doubling delays, and the last
 * allowed attempt (`retryCount` = the retry limit) marks it failed instead. A deleted endpoint
 * fails the delivery without sending.
 * @throws Error when the attempt failed and retries remain
 */
export async function deliverWebhook(
  deps: DeliveryDependencies,
  deliveryId: number,
  retryCount: number,
): Promise<void> {
  const [row] = await deps.db
    .select({ delivery: webhookDeliveries, endpoint: partnerWebhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(partnerWebhookEndpoints, eq(partnerWebhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return;
  const { delivery, endpoint } = row;
  if (delivery.status !== 'pending') return;
  if (endpoint.deletedAt) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'endpoint deleted' })
      .where(eq(webhookDeliveries.id, deliveryId));
    return;
  }
  const now = new Date();
  const body = JSON.stringify(delivery.payload);
  const signature = signingSecrets(deps.appSecret, endpoint, now)
    .map((secret) => new Webhook(secret).sign(delivery.messageId, now, body))
    .join(' ');
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'bcp-webhooks/1',
    'webhook-id': delivery.messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signature,
  };
  const started = performance.now();
  const result = await post(endpoint.url, headers, body, deps.config, deps.resolve);
  const lastRetry = retryCount >= deps.config.retryLimit;
  await deps.db
    .update(webhookDeliveries)
    .set({
      status: result.error === undefined ? 'delivered' : lastRetry ? 'failed' : 'pending',
      attempts: delivery.attempts + 1,
      lastResponseCode: result.code ?? null,
      lastLatencyMs: Math.round(performance.now() - started),
      lastError: result.error ?? null,
      lastAttemptAt: now,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  if (result.error !== undefined && !lastRetry) {
    throw new Error(`webhook delivery ${deliveryId}: ${result.error}`);
  }
}
