/**
 * The webhooks module's public file (issue 35 item 2): other modules announce claim events to
 * partners' webhooks through it.
 */
export { countWebhookDeliveries, type WebhookDeliveryCounts } from './delivery-counts.repository.js';
export { reencryptStoredSecrets } from './stored-secrets.service.js';
export {
  announceWebhookEvent,
  type ClaimEventSubject,
  WEBHOOK_FAN_OUT_QUEUE,
  WEBHOOK_QUEUE,
} from './webhook-deliveries.service.js';
