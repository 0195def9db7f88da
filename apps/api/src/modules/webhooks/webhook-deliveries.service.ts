import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryResponse, type WebhookEvent } from '@bcp/contract';
import { Webhook } from 'standardwebhooks';
import { fetch } from 'undici';
import type { WebhooksConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { decryptField } from '../../platform/crypto/field-encryption.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { subscribedWebhookEndpoints } from '../../queries/webhook-subscribers.js';
import {
  type AddressNetwork,
  InternalAddressError,
  namesInternalHost,
  publicOnlyDispatcher,
  type ReachAddress,
  type ResolveAll,
} from './public-address.js';
import { partnersEndpoint } from './webhook-endpoints.service.js';
import {
  type EndpointRow,
  insertDeliveries,
  selectDeliveryWithEndpoint,
  storedDeliveryMessageIds,
  updateDelivery,
} from './webhooks.repository.js';

/** The pg-boss queue of webhook deliveries: one job per delivery row. */
export const WEBHOOK_QUEUE = 'webhook-delivery';

/** The pg-boss queue of webhook events: one job per event, fanned out to the subscribed endpoints. */
export const WEBHOOK_FAN_OUT_QUEUE = 'webhook-fan-out';

/** A delivery job's data: the row of `webhook_deliveries` to send. */
export interface WebhookJob {
  deliveryId: number;
}

/** What a claim event names: ids only, never personal data. */
export interface ClaimEventSubject {
  claimId: number;
  fundId: number;
}

/**
 * A fan-out job's data: one claim event. `eventId` makes the deliveries' message ids
 * (`msg_<eventId>_<endpointId>`), so a repeated fan-out finds the ones it made; `at` (ISO 8601) is
 * when the event happened: the payload's timestamp, and endpoints registered later do not hear of it.
 */
export interface WebhookFanOutJob extends ClaimEventSubject {
  eventId: string;
  event: WebhookEvent;
  at: string;
}

/** The Standard Webhooks body: `{ type, timestamp, data }`, data holding ids only. */
function payloadOf(type: string, data: Record<string, number>, now: Date): Record<string, unknown> {
  return { type, timestamp: now.toISOString(), data };
}

/**
 * Announces a claim event to the partners that read the claim's fund's claims and subscribed to it
 * (issue 26 item 3): one `webhook-fan-out` job stored in the caller's transaction `tx` (like the
 * member's notifications, decision 021), so partners hear of exactly the moves that were stored.
 * The member's transaction stores this one row however many endpoints there are (issue 34 item 9);
 * the job (`fanOutWebhookEvent`) stores the deliveries. The caller wakes the queue once the
 * transaction has committed.
 * @throws database errors (the caller's transaction rolls back with them)
 */
export async function announceWebhookEvent(
  tx: Database,
  jobs: JobQueue,
  event: WebhookEvent,
  subject: ClaimEventSubject,
  now: Date = new Date(),
): Promise<void> {
  await jobs.send<WebhookFanOutJob>(
    WEBHOOK_FAN_OUT_QUEUE,
    { eventId: randomUUID(), event, claimId: subject.claimId, fundId: subject.fundId, at: now.toISOString() },
    { tx },
  );
}

/**
 * Runs a `webhook-fan-out` job: one delivery row and one `webhook-delivery` job per subscribed
 * endpoint (`subscribedWebhookEndpoints`), in one transaction, then wakes the delivery workers. Run again
 * (a retry, or a job whose process died after the commit) it adds only the deliveries missing, by
 * their message ids, so an event is announced at least once and stored once.
 * @throws database errors (pg-boss retries the job)
 */
export async function fanOutWebhookEvent(deps: { db: Database; jobs: JobQueue }, job: WebhookFanOutJob): Promise<void> {
  const at = new Date(job.at);
  const messageIdOf = (endpointId: number) => `msg_${job.eventId}_${endpointId}`;
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const endpointIds = await subscribedWebhookEndpoints(tx, job.event, job.fundId, at);
    if (endpointIds.length === 0) return;
    const stored = await storedDeliveryMessageIds(tx, endpointIds, endpointIds.map(messageIdOf));
    const missing = endpointIds.filter((endpointId) => !stored.has(messageIdOf(endpointId)));
    if (missing.length === 0) return;
    const payload = payloadOf(job.event, { claimId: job.claimId, fundId: job.fundId }, at);
    const rows = await insertDeliveries(
      tx,
      missing.map((endpointId) => ({
        endpointId,
        messageId: messageIdOf(endpointId),
        eventType: job.event,
        payload,
      })),
    );
    await deps.jobs.sendMany<WebhookJob>(
      WEBHOOK_QUEUE,
      rows.map((row) => ({ deliveryId: row.id })),
      { tx },
    );
  });
  deps.jobs.wake([WEBHOOK_QUEUE]);
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
  const [row] = await insertDeliveries(deps.db, [
    { endpointId, messageId: `msg_${randomUUID()}`, eventType: WEBHOOK_TEST_EVENT, payload },
  ]);
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
  /** Tests only: where an address that passed the check is connected to (a local receiver). */
  reach?: ReachAddress;
}

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
function signingSecrets(appSecret: string, endpoint: EndpointRow, now: Date): string[] {
  const secrets = [decryptField(appSecret, endpoint.secretEncrypted)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptField(appSecret, endpoint.previousSecretEncrypted));
  }
  return secrets;
}

/**
 * One POST to the endpoint: the status code (undefined when none came) and a short reason when not
 * 2xx. Unless `allowHttp` (tests, development), the connection goes only to public addresses: an
 * internal IP literal (or `localhost`) is refused here, a hostname resolving to one by
 * `publicOnlyDispatcher` (the endpoint's URL was checked when registered, but DNS can change since).
 */
async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  config: Pick<WebhooksConfig, 'timeoutSeconds' | 'allowHttp'>,
  network: AddressNetwork,
): Promise<{ code?: number; error?: string }> {
  if (!config.allowHttp && namesInternalHost(new URL(url).hostname)) return { error: 'internal address refused' };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(config.timeoutSeconds * 1000),
      ...(config.allowHttp ? {} : { dispatcher: publicOnlyDispatcher(network) }),
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
  const row = await selectDeliveryWithEndpoint(deps.db, deliveryId);
  if (!row) return;
  const { delivery, endpoint } = row;
  if (delivery.status !== 'pending') return;
  if (endpoint.deletedAt) {
    await updateDelivery(deps.db, deliveryId, { status: 'failed', lastError: 'endpoint deleted' });
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
  const result = await post(endpoint.url, headers, body, deps.config, { resolve: deps.resolve, reach: deps.reach });
  const lastRetry = retryCount >= deps.config.retryLimit;
  await updateDelivery(deps.db, deliveryId, {
    status: result.error === undefined ? 'delivered' : lastRetry ? 'failed' : 'pending',
    attempts: delivery.attempts + 1,
    lastResponseCode: result.code ?? null,
    lastLatencyMs: Math.round(performance.now() - started),
    lastError: result.error ?? null,
    lastAttemptAt: now,
  });
  if (result.error !== undefined && !lastRetry) {
    throw new Error(`webhook delivery ${deliveryId}: ${result.error}`);
  }
}
