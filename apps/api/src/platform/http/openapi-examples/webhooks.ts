import {
  type ClaimWebhookEvent,
  type TestWebhookEvent,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type WebhookEvent,
} from '@bcp/contract';
import { AT, SAMPLE_CLAIM_ID, SAMPLE_FUND } from './sample-data.js';

type AnyWebhookEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** When each event is sent, in a sentence. */
const WHEN: Record<AnyWebhookEvent, string> = {
  'claim.submitted': 'A member submitted a claim on a benefit of a fund the partner serves.',
  'claim.documents_changed': "A submitted claim's documents changed (declared; sent once members can change them).",
  'claim.information_answered':
    'The member answered a request for information (`POST /api/v2/benefitclaim/requestinformation`): the claim is back in review.',
  'claim.withdrawn': 'The member withdrew a claim (declared; sent once members can withdraw).',
  'webhook.test': 'Sent by `POST /api/v2/webhooks/{id}/test` only, to check an endpoint; never subscribed to.',
};

/** One example body per event (issue 39 item 2): the sample claim of the operations' examples. */
export const WEBHOOK_EXAMPLES: Record<AnyWebhookEvent, ClaimWebhookEvent | TestWebhookEvent> = {
  'claim.submitted': {
    type: 'claim.submitted',
    timestamp: AT.submitted,
    data: { claimId: SAMPLE_CLAIM_ID, fundId: SAMPLE_FUND.id },
  },
  'claim.documents_changed': {
    type: 'claim.documents_changed',
    timestamp: '2026-11-21T17:55:00.000Z',
    data: { claimId: SAMPLE_CLAIM_ID, fundId: SAMPLE_FUND.id },
  },
  'claim.information_answered': {
    type: 'claim.information_answered',
    timestamp: AT.informationAnswered,
    data: { claimId: SAMPLE_CLAIM_ID, fundId: SAMPLE_FUND.id },
  },
  'claim.withdrawn': {
    type: 'claim.withdrawn',
    timestamp: '2026-11-22T07:45:00.000Z',
    data: { claimId: SAMPLE_CLAIM_ID, fundId: SAMPLE_FUND.id },
  },
  'webhook.test': { type: WEBHOOK_TEST_EVENT, timestamp: '2026-11-25T08:00:00.000Z', data: { webhookId: 7 } },
};

/** The Standard Webhooks headers of every delivery (docs/partners.md says how to verify them). */
const HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      "The delivery's id: the same on every attempt and redelivery of it, so a receiver can drop a repeat " +
      "(it is the log's `messageId`).",
    schema: { type: 'string' },
    example: 'msg_2b1c4f0e-7d1a-4c55-9f4e-0a6b1d2c3e4f_7',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: "When this attempt was signed, in seconds since 1970 (UTC); refuse one far from your clock's.",
    schema: { type: 'string', pattern: '^[0-9]+$' },
    example: '1763630101',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      "Space-separated `v1,<base64>` signatures: HMAC-SHA256 with the endpoint's secret (`whsec_...`, base64 after " +
      "the prefix) of `{webhook-id}.{webhook-timestamp}.{body}`. During a rotation's overlap there are two (new and " +
      'old secret): accept the request when any one matches.',
    schema: { type: 'string' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
] as const;

/** The operationId of an event's webhook: `claim.information_answered` -> `claimInformationAnsweredWebhook`. */
function operationIdOf(event: string): string {
  return `${event.replace(/[._]([a-z])/g, (_match, letter: string) => letter.toUpperCase())}Webhook`;
}

/** The body's schema: the event's component, its `type` the one event. */
function schemaOf(event: AnyWebhookEvent): Record<string, unknown> {
  if (event === WEBHOOK_TEST_EVENT) return { $ref: '#/components/schemas/TestWebhookEvent' };
  return {
    allOf: [
      { $ref: '#/components/schemas/ClaimWebhookEvent' },
      { type: 'object', properties: { type: { const: event } } },
    ],
  };
}

/**
 * The OpenAPI 3.1 `webhooks` section (issue 39 item 2): for each event a partner may subscribe
 * to (`WEBHOOK_EVENTS`) and the test event, the signed `POST` the platform sends to the partner's
 * endpoint: the Standard Webhooks headers, the body (`ClaimWebhookEvent` / `TestWebhookEvent` of
 * the contract) with an example, and what the answer means.
 */
export function openApiWebhooks(): Record<string, unknown> {
  const events: AnyWebhookEvent[] = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT];
  return Object.fromEntries(
    events.map((event) => [
      event,
      {
        post: {
          operationId: operationIdOf(event),
          summary: WEBHOOK_EVENT_LABELS[event],
          description:
            `${WHEN[event]}\n\nSent to each endpoint subscribed to \`${event}\`, signed with Standard Webhooks ` +
            'headers. The body holds ids only: read the claim with `POST /api/v2/benefitclaim/getdetails`.',
          tags: ['partner webhooks'],
          security: [],
          parameters: HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(event), example: WEBHOOK_EXAMPLES[event] } },
          },
          responses: {
            '2XX': {
              description: 'Received: the delivery is logged as delivered. Answer quickly (within the timeout).',
            },
            '4XX': {
              description:
                'Refused (e.g. a signature that does not verify): the attempt is logged as failed and retried ' +
                'with growing delays until the retry limit (docs/partners.md).',
            },
            '5XX': { description: 'Not received: retried like a 4XX; so is no answer within the timeout.' },
          },
        },
      },
    ]),
  );
}
