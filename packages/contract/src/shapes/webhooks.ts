import { z } from 'zod';
import { zRequiredString } from '../rules/zod-rules.js';
import { IdParams, listQuery, listResponse } from './lists.js';

/**
 * Events a partner may subscribe to (issue 26 item 3). Payloads carry the event type and ids only;
 * the partner reads the rest through the partner API. `claim.submitted` and
 * `claim.information_answered` (the member answered a request for more information, issue 21) are
 * sent today; the others are declared for the flows that do not exist yet (a member withdrawing a
 * claim, changing its documents after submission) and are sent once they do.
 */
export const WEBHOOK_EVENTS = [
  'claim.submitted',
  'claim.documents_changed',
  'claim.information_answered',
  'claim.withdrawn',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "send test event" only; not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Each webhook event in words, for the back office's delivery log (issue 38 items 4 and 5). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, string> = {
  'claim.submitted': 'Claim submitted',
  'claim.documents_changed': 'Claim documents changed',
  'claim.information_answered': 'Information request answered',
  'claim.withdrawn': 'Claim withdrawn',
  'webhook.test': 'Test event',
};

/** The states of a delivery: being tried (`pending`), answered with a 2xx, or every attempt used. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Each delivery state in words (issue 38 item 5). */
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Being sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

/**
 * Live webhook endpoints one partner may have (issue 34 item 9): every endpoint subscribed to an
 * event gets its own signed delivery of it, so the fan-out of one claim event is bounded. A partner
 * needing more deletes one first (one endpoint can take several events).
 */
export const WEBHOOK_ENDPOINTS_PER_PARTNER = 10;

/** Messages of the webhook calls. */
export const WEBHOOK_MESSAGES = {
  notFound: 'No such webhook.',
  httpsOnly: 'Must be an https:// URL.',
  invalidUrl: 'Must be a valid URL.',
  internalHost: 'Must be a public address.',
  tooMany: `A partner may register up to ${WEBHOOK_ENDPOINTS_PER_PARTNER} webhook endpoints: delete one first.`,
  created: 'Keep the signing secret now: it is not shown again.',
  /**
   * 201 of a rotation (issue 39 item 3), true to the overlap: `previousSecretExpiresAt` (ISO 8601)
   * is when the old secret stops signing; null (overlap 0) when it stopped at once.
   */
  rotated: (previousSecretExpiresAt: string | null) =>
    previousSecretExpiresAt === null
      ? 'Keep the new signing secret now: it is not shown again. The old one stopped signing at once.'
      : `Keep the new signing secret now: it is not shown again. The old one also signs until ${previousSecretExpiresAt}.`,
  deliveryNotFound: 'No such webhook delivery.',
  /** 409 of a redelivery (issue 38 item 5): only a delivery that used every attempt is sent again. */
  notFailed: (status: string) =>
    `Only a failed delivery can be redelivered: this one is ${status === 'pending' ? 'still being tried' : status}.`,
  /** 409 of a redelivery to an endpoint the partner deleted. */
  endpointDeleted: 'This webhook endpoint was deleted: nothing can be sent to it.',
  redelivered: 'Queued again with the same webhook-id: the log shows the new attempt.',
} as const;

/** Longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** `POST /api/v2/webhooks`: where to send, and which events. */
export const CreateWebhookRequest = z
  .strictObject({
    url: zRequiredString(WEBHOOK_URL_MAX_LENGTH),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1)
      .max(WEBHOOK_EVENTS.length)
      .transform((events) => [...new Set(events)]),
  })
  .meta({
    id: 'CreateWebhookRequest',
    examples: [{ url: 'https://partner.example.com/hooks', events: ['claim.submitted'] }],
  });
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequest>;

/**
 * `POST /api/v2/webhooks/{id}/rotate`: hours the old secret still signs (default 24, 0 = none).
 * The body is optional (no body: the defaults; issue 39 item 2).
 */
export const RotateWebhookRequest = z
  .strictObject({ overlapHours: z.number().int().min(0).max(168).default(24) })
  .meta({ id: 'RotateWebhookRequest' })
  .prefault({});
export type RotateWebhookRequest = NonNullable<z.input<typeof RotateWebhookRequest>>;

/** A webhook endpoint, without its secret. */
export const WebhookResponse = z
  .object({
    id: z.number().int(),
    partnerId: z.number().int(),
    url: z.string(),
    events: z.array(z.string()),
    /** Until when the previous secret (before the last rotation) still signs; null: none. */
    previousSecretExpiresAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookResponse' });
export type WebhookResponse = z.infer<typeof WebhookResponse>;
export const WebhookListResponse = listResponse(WebhookResponse).meta({ id: 'WebhookListResponse' });

/** An endpoint as staff see it (issue 38 item 5): deleted ones too, with when (null: still sent to). */
export const StaffWebhookResponse = WebhookResponse.extend({ deletedAt: z.string().nullable() }).meta({
  id: 'StaffWebhookResponse',
});
export type StaffWebhookResponse = z.infer<typeof StaffWebhookResponse>;
export const StaffWebhookListResponse = listResponse(StaffWebhookResponse).meta({ id: 'StaffWebhookListResponse' });

/** A new endpoint or a rotated secret: the only answer that carries `secret` (`whsec_...`). */
export const CreatedWebhookResponse = WebhookResponse.extend({
  secret: z.string(),
  message: z.string(),
}).meta({
  id: 'CreatedWebhookResponse',
  examples: [
    {
      id: 7,
      partnerId: 3,
      url: 'https://partner.example.com/hooks',
      events: ['claim.submitted'],
      previousSecretExpiresAt: null,
      createdAt: '2026-11-25T19:00:00.000Z',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      message: 'Keep the signing secret now: it is not shown again.',
    },
  ],
});
export type CreatedWebhookResponse = z.infer<typeof CreatedWebhookResponse>;

/** One event sent to one endpoint: the delivery log. */
export const WebhookDeliveryResponse = z
  .object({
    id: z.number().int(),
    endpointId: z.number().int(),
    /** The `webhook-id` header, the same on every attempt. */
    messageId: z.string(),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastResponseCode: z.number().int().nullable(),
    lastLatencyMs: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({
    id: 'WebhookDeliveryResponse',
    examples: [
      {
        id: 120,
        endpointId: 7,
        messageId: 'msg_2b1c4f0e-7d1a-4c55-9f4e-0a6b1d2c3e4f',
        eventType: 'claim.submitted',
        status: 'delivered',
        attempts: 1,
        lastResponseCode: 204,
        lastLatencyMs: 84,
        lastError: null,
        lastAttemptAt: '2026-11-25T19:00:01.000Z',
        createdAt: '2026-11-25T19:00:00.000Z',
      },
    ],
  });
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponse>;
export const WebhookDeliveryListResponse = listResponse(WebhookDeliveryResponse).meta({
  id: 'WebhookDeliveryListResponse',
});

/** The delivery log's query: newest first, `filter[status]`. */
export const WebhookDeliveryListQuery = listQuery({
  sort: ['id'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: { status: z.enum(WEBHOOK_DELIVERY_STATUSES) },
});
export type WebhookDeliveryListQuery = z.infer<typeof WebhookDeliveryListQuery>;

/** Path of one webhook in the back office: `partners/{id}/webhooks/{webhookId}`. */
export const PartnerWebhookParams = z.object({
  id: z.coerce.number().int().min(1),
  webhookId: z.coerce.number().int().min(1),
});

/** Path of one delivery of a partner's webhook in the back office: `partners/{id}/webhooks/{webhookId}/deliveries/{deliveryId}`. */
export const PartnerWebhookDeliveryParams = PartnerWebhookParams.extend({
  deliveryId: z.coerce.number().int().min(1),
});

/** Path of one delivery of the partner's own webhook: `/api/v2/webhooks/{id}/deliveries/{deliveryId}`. */
export const WebhookDeliveryParams = IdParams.extend({
  deliveryId: z.coerce.number().int().min(1),
});
