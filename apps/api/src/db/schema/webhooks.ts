import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, idColumn, timestamps } from './columns.js';
import { partners } from './partners.js';

/**
 * A partner's webhook endpoint (issue 26 item 3, decision 030): where signed event notices go.
 * The signing secret is kept encrypted with the app secret (shown once on creation); after a
 * rotation the previous one still signs until `previousSecretExpiresAt` (the overlap).
 */
export const partnerWebhookEndpoints = pgTable(
  'partner_webhook_endpoints',
  {
    id: idColumn(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    url: text('url').notNull(),
    /** Event types chosen (contract WEBHOOK_EVENTS). */
    events: jsonb('events').$type<string[]>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    deletedAt: at('deleted_at'),
    ...timestamps(),
  },
  (table) => [index('partner_webhook_endpoints_partner_idx').on(table.partnerId)],
);

/**
 * One event sent to one endpoint, and how its delivery went: the delivery log partners and staff
 * read. `payload` holds ids and the event type only.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    endpointId: bigint('endpoint_id', { mode: 'number' })
      .notNull()
      .references(() => partnerWebhookEndpoints.id),
    /** The `webhook-id` header: the same on every attempt, so receivers can drop repeats. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** `pending` | `delivered` | `failed` (every attempt used). */
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastResponseCode: integer('last_response_code'),
    lastLatencyMs: integer('last_latency_ms'),
    /** Short reason of the last failed attempt (e.g. `HTTP 500`, `timeout`); never the response body. */
    lastError: text('last_error'),
    lastAttemptAt: at('last_attempt_at'),
    ...timestamps(),
  },
  (table) => [index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.id)],
);
