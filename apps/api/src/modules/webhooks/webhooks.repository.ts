import type { WebhookDeliveryListQuery } from '@bcp/contract';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { partnerWebhookEndpoints, webhookDeliveries } from '../../db/schema/webhooks.js';
import { orderBy } from '../../platform/lists/list-page.js';

/*
 * The webhooks module's data access (issue 35 item 1): partners' endpoints
 * (`partner_webhook_endpoints`, secrets encrypted with the app secret; `deletedAt` set: deleted)
 * and their delivery log (`webhook_deliveries`, one row per message to one endpoint). Checks,
 * secrets, signing and sending are the services'.
 */

/** A `partner_webhook_endpoints` row as stored. */
export type EndpointRow = typeof partnerWebhookEndpoints.$inferSelect;
/** A `webhook_deliveries` row as stored. */
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
/** The columns of a delivery's attempt that an attempt sets. */
export type DeliveryAttempt = Partial<
  Pick<
    typeof webhookDeliveries.$inferInsert,
    'status' | 'attempts' | 'lastResponseCode' | 'lastLatencyMs' | 'lastError' | 'lastAttemptAt'
  >
>;

/** Endpoint `id` of partner `partnerId`, or `undefined`; deleted ones only when `includeDeleted`. */
export async function selectPartnerEndpoint(
  db: Database,
  partnerId: number,
  id: number,
  includeDeleted = false,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerWebhookEndpoints)
    .where(
      and(
        eq(partnerWebhookEndpoints.id, id),
        eq(partnerWebhookEndpoints.partnerId, partnerId),
        includeDeleted ? undefined : isNull(partnerWebhookEndpoints.deletedAt),
      ),
    );
  return row;
}

/** The number of a partner's endpoints that are not deleted. */
export async function countLiveEndpoints(db: Database, partnerId: number): Promise<number> {
  return db.$count(
    partnerWebhookEndpoints,
    and(eq(partnerWebhookEndpoints.partnerId, partnerId), isNull(partnerWebhookEndpoints.deletedAt)),
  );
}

/** Inserts an endpoint (URL, events, encrypted secret); returns the row. */
export async function insertEndpoint(
  db: Database,
  values: Pick<typeof partnerWebhookEndpoints.$inferInsert, 'partnerId' | 'url' | 'events' | 'secretEncrypted'>,
): Promise<EndpointRow> {
  const [row] = await db.insert(partnerWebhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return row;
}

/** A partner's endpoints, oldest first; deleted ones only when `includeDeleted`. */
export async function selectPartnerEndpoints(
  db: Database,
  partnerId: number,
  includeDeleted = false,
): Promise<EndpointRow[]> {
  return db
    .select()
    .from(partnerWebhookEndpoints)
    .where(
      and(
        eq(partnerWebhookEndpoints.partnerId, partnerId),
        includeDeleted ? undefined : isNull(partnerWebhookEndpoints.deletedAt),
      ),
    )
    .orderBy(asc(partnerWebhookEndpoints.id));
}

/** Marks endpoint `id` deleted now (soft delete: its delivery log stays). */
export async function markEndpointDeleted(db: Database, id: number): Promise<void> {
  await db.update(partnerWebhookEndpoints).set({ deletedAt: new Date() }).where(eq(partnerWebhookEndpoints.id, id));
}

/**
 * Sets endpoint `id`'s signing secrets (encrypted): the new current one, and the previous one with
 * when it stops signing (both null: no overlap). The row, or `undefined` when gone.
 */
export async function setEndpointSecrets(
  db: Database,
  id: number,
  secrets: { secretEncrypted: string; previousSecretEncrypted: string | null; previousSecretExpiresAt: Date | null },
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(partnerWebhookEndpoints)
    .set(secrets)
    .where(eq(partnerWebhookEndpoints.id, id))
    .returning();
  return row;
}

/** A page of one endpoint's delivery log (`filter[status]`, sorted by id) and its total count. */
export function deliveryListQueries(db: Database, endpointId: number, query: WebhookDeliveryListQuery) {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    query.filter?.status ? eq(webhookDeliveries.status, query.filter.status) : undefined,
  );
  return {
    rows: (window: { limit: number; offset: number }): Promise<DeliveryRow[]> =>
      db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(...orderBy(query.sort, { id: webhookDeliveries.id }, webhookDeliveries.id))
        .limit(window.limit)
        .offset(window.offset),
    count: (): Promise<number> => db.$count(webhookDeliveries, where),
  };
}

/** Of these message ids to these endpoints, the ones already stored as deliveries. */
export async function storedDeliveryMessageIds(
  db: Database,
  endpointIds: readonly number[],
  messageIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ messageId: webhookDeliveries.messageId })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.endpointId, [...endpointIds]),
        inArray(webhookDeliveries.messageId, [...messageIds]),
      ),
    );
  return new Set(rows.map((row) => row.messageId));
}

/** Inserts pending deliveries (endpoint, message id, event type, payload); returns the rows. */
export async function insertDeliveries(
  db: Database,
  values: Pick<typeof webhookDeliveries.$inferInsert, 'endpointId' | 'messageId' | 'eventType' | 'payload'>[],
): Promise<DeliveryRow[]> {
  return db.insert(webhookDeliveries).values(values).returning();
}

/** A delivery with its endpoint (deleted or not), or `undefined`. */
export async function selectDeliveryWithEndpoint(
  db: Database,
  deliveryId: number,
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: partnerWebhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(partnerWebhookEndpoints, eq(partnerWebhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

/** Delivery `deliveryId` if it was sent to endpoint `endpointId`, or `undefined`. */
export async function selectEndpointDelivery(
  db: Database,
  endpointId: number,
  deliveryId: number,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

/**
 * Puts a `failed` delivery back to `pending` (a staff redelivery): the row, or `undefined` when it
 * is no longer `failed` (another redelivery came first). Its attempts and last result stay until
 * the next attempt writes its own.
 */
export async function markFailedDeliveryPending(db: Database, deliveryId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending' })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'failed')))
    .returning();
  return row;
}

/** Sets a delivery's status and attempt columns. */
export async function updateDelivery(db: Database, deliveryId: number, attempt: DeliveryAttempt): Promise<void> {
  await db.update(webhookDeliveries).set(attempt).where(eq(webhookDeliveries.id, deliveryId));
}

/** The encrypted secrets of an endpoint (key rotation). */
export type EndpointSecrets = Pick<EndpointRow, 'id' | 'secretEncrypted' | 'previousSecretEncrypted'>;

/** Up to `limit` endpoints (deleted ones too) with id above `afterId`, by id: their encrypted secrets. */
export async function selectEncryptedEndpointSecrets(
  db: Database,
  afterId: number,
  limit: number,
): Promise<EndpointSecrets[]> {
  return db
    .select({
      id: partnerWebhookEndpoints.id,
      secretEncrypted: partnerWebhookEndpoints.secretEncrypted,
      previousSecretEncrypted: partnerWebhookEndpoints.previousSecretEncrypted,
    })
    .from(partnerWebhookEndpoints)
    .where(gt(partnerWebhookEndpoints.id, afterId))
    .orderBy(asc(partnerWebhookEndpoints.id))
    .limit(limit);
}

/**
 * Replaces an endpoint's encrypted secrets with `next` if they are still `previous` (a secret
 * rotation made meanwhile wins); `updated_at` keeps its value. Whether the row was written.
 */
export async function replaceEncryptedEndpointSecrets(
  db: Database,
  previous: EndpointSecrets,
  next: Pick<EndpointSecrets, 'secretEncrypted' | 'previousSecretEncrypted'>,
): Promise<boolean> {
  const rows = await db
    .update(partnerWebhookEndpoints)
    .set({ ...next, updatedAt: sql`${partnerWebhookEndpoints.updatedAt}` })
    .where(
      and(
        eq(partnerWebhookEndpoints.id, previous.id),
        eq(partnerWebhookEndpoints.secretEncrypted, previous.secretEncrypted),
        previous.previousSecretEncrypted === null
          ? isNull(partnerWebhookEndpoints.previousSecretEncrypted)
          : eq(partnerWebhookEndpoints.previousSecretEncrypted, previous.previousSecretEncrypted),
      ),
    )
    .returning({ id: partnerWebhookEndpoints.id });
  return rows.length > 0;
}
