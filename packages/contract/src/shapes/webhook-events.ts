import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from './webhooks.js';

/**
 * The bodies of the signed webhook deliveries (issue 26 item 3, issue 39 item 2): the Standard
 * Webhooks envelope `{ type, timestamp, data }`, `data` holding ids only (the partner reads the
 * rest through the partner API). Documented in the OpenAPI document's `webhooks` section; the
 * headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`) are described there.
 */

/** When the event happened, ISO 8601 in UTC (`2026-11-20T09:15:00.000Z`). */
const EventTimestamp = z.string().meta({ description: 'When the event happened, ISO 8601 (UTC).' });

/** A claim event (`claim.submitted`, `claim.information_answered`, ...): which claim, of which fund. */
export const ClaimWebhookEvent = z
  .object({
    type: z.enum(WEBHOOK_EVENTS),
    timestamp: EventTimestamp,
    data: z.object({
      /** The claim: read it with `POST /api/v2/benefitclaim/getdetails`. */
      claimId: z.number().int(),
      /** The claim's fund (one the partner serves). */
      fundId: z.number().int(),
    }),
  })
  .meta({ id: 'ClaimWebhookEvent' });
export type ClaimWebhookEvent = z.infer<typeof ClaimWebhookEvent>;

/** "Send test event" (`POST /api/v2/webhooks/{id}/test`): which endpoint it was sent to. */
export const TestWebhookEvent = z
  .object({
    type: z.literal(WEBHOOK_TEST_EVENT),
    timestamp: EventTimestamp,
    data: z.object({ webhookId: z.number().int() }),
  })
  .meta({ id: 'TestWebhookEvent' });
export type TestWebhookEvent = z.infer<typeof TestWebhookEvent>;
