import { randomBytes } from 'node:crypto';
import {
  type CreatedWebhookResponse,
  type CreateWebhookRequest,
  type ListResponse,
  type RotateWebhookRequest,
  type StaffWebhookResponse,
  VALIDATION_FAILED_MESSAGE,
  WEBHOOK_ENDPOINTS_PER_PARTNER,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryListQuery,
  type WebhookDeliveryResponse,
  type WebhookResponse,
  wholeList,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { encryptField } from '../../platform/crypto/field-encryption.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage } from '../../platform/lists/list-page.js';
import { lockPartner } from '../partners/index.js';
import { namesInternalHost } from './public-address.js';
import {
  countLiveEndpoints,
  type DeliveryRow,
  deliveryListQueries,
  type EndpointRow,
  insertEndpoint,
  markEndpointDeleted,
  selectPartnerEndpoint,
  selectPartnerEndpoints,
  setEndpointSecrets,
} from './webhooks.repository.js';

/** What the endpoint calls need: the database, the app secret (secrets at rest) and the http:// flag. */
export interface WebhookSettings {
  db: Database;
  appSecret: string;
  allowHttp: boolean;
}

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function toWebhookResponse(row: EndpointRow): WebhookResponse {
  const overlapOpen = row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date();
  return {
    id: row.id,
    partnerId: row.partnerId,
    url: row.url,
    events: row.events,
    previousSecretExpiresAt: overlapOpen ? (row.previousSecretExpiresAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A delivery log row as answered: ISO times, never the payload. */
export function toDeliveryResponse(row: DeliveryRow): WebhookDeliveryResponse {
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastResponseCode: row.lastResponseCode,
    lastLatencyMs: row.lastLatencyMs,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The endpoint URL, checked: a URL, https:// (http:// only when `allowHttp`, tests and
 * development), no credentials in it, and, unless `allowHttp`, not `localhost` or an internal IP
 * literal (a first guard against requests into the platform's own network).
 * @throws AppError `validation` (422, field `url`)
 */
function checkedUrl(url: string, allowHttp: boolean): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { url: [WEBHOOK_MESSAGES.invalidUrl] });
  }
  const allowed = parsed.protocol === 'https:' || (allowHttp && parsed.protocol === 'http:');
  if (!allowed || parsed.username || parsed.password) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { url: [WEBHOOK_MESSAGES.httpsOnly] });
  }
  if (!allowHttp && namesInternalHost(parsed.hostname)) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { url: [WEBHOOK_MESSAGES.internalHost] });
  }
  return parsed.toString();
}

/**
 * The partner's live endpoint `id`.
 * @throws AppError `not_found` (404) when missing, deleted or another partner's
 */
export async function partnersEndpoint(db: Database, partnerId: number, id: number): Promise<EndpointRow> {
  const row = await selectPartnerEndpoint(db, partnerId, id);
  if (!row)
    throw new AppError('not_found', WEBHOOK_MESSAGES.notFound, undefined, { code: 'webhook_endpoint_not_found' });
  return row;
}

/**
 * `POST /api/v2/webhooks`: registers an endpoint for the chosen events; the signing secret is in
 * this answer only (kept encrypted with the app secret). At most `WEBHOOK_ENDPOINTS_PER_PARTNER`
 * live endpoints per partner: the partner's row is locked while they are counted, so two calls at
 * once cannot both take the last place.
 * @throws AppError `validation` (422) for a URL that is not https:// (or http:// when allowed), or
 *   not to a public address; `conflict` (409) when the partner already has the most endpoints
 */
export async function createWebhook(
  settings: WebhookSettings,
  partnerId: number,
  request: CreateWebhookRequest,
  context: AuditContext,
): Promise<CreatedWebhookResponse> {
  const url = checkedUrl(request.url, settings.allowHttp);
  const secret = newWebhookSecret();
  const row = await settings.db.transaction(async (tx) => {
    await lockPartner(tx, partnerId);
    const live = await countLiveEndpoints(tx, partnerId);
    if (live >= WEBHOOK_ENDPOINTS_PER_PARTNER)
      throw new AppError('conflict', WEBHOOK_MESSAGES.tooMany, undefined, { code: 'webhook_endpoint_limit' });
    const created = await insertEndpoint(tx, {
      partnerId,
      url,
      events: [...new Set(request.events)],
      secretEncrypted: encryptField(settings.appSecret, secret),
    });
    await recordAudit(tx as unknown as Database, {
      ...context,
      action: 'partners.webhook_created',
      entityType: 'partners',
      entityId: partnerId,
      after: { webhookId: created.id, url: created.url, events: created.events },
    });
    return created;
  });
  return { ...toWebhookResponse(row), secret, message: WEBHOOK_MESSAGES.created };
}

/** The partner's live endpoints, oldest first (a short list, answered whole). */
export async function listWebhooks(db: Database, partnerId: number): Promise<ListResponse<WebhookResponse>> {
  const rows = await selectPartnerEndpoints(db, partnerId);
  return wholeList(rows.map(toWebhookResponse));
}

/**
 * Stops sending to an endpoint (soft delete: its delivery log stays readable by staff).
 * @throws AppError `not_found` (404)
 */
export async function deleteWebhook(db: Database, partnerId: number, id: number, context: AuditContext): Promise<void> {
  const endpoint = await partnersEndpoint(db, partnerId, id);
  await db.transaction(async (tx) => {
    await markEndpointDeleted(tx, id);
    await recordAudit(tx as unknown as Database, {
      ...context,
      action: 'partners.webhook_deleted',
      entityType: 'partners',
      entityId: partnerId,
      before: { webhookId: id, url: endpoint.url, events: endpoint.events },
    });
  });
}

/**
 * `POST /api/v2/webhooks/{id}/rotate`: a new signing secret (in this answer only); the old one
 * still signs, next to the new one, for `overlapHours` (Standard Webhooks sends both signatures,
 * space-separated), so the partner can switch without losing a message. With `overlapHours` 0 the
 * old secret stops signing at once. The answer's `message` says which (issue 39 item 3): when the
 * old secret stops signing (`previousSecretExpiresAt`), or that it already has.
 * @throws AppError `not_found` (404)
 */
export async function rotateWebhook(
  settings: WebhookSettings,
  partnerId: number,
  id: number,
  request: RotateWebhookRequest,
  context: AuditContext,
  now: Date = new Date(),
): Promise<CreatedWebhookResponse> {
  const current = await partnersEndpoint(settings.db, partnerId, id);
  const secret = newWebhookSecret();
  const overlapHours = request.overlapHours ?? 24;
  const row = await settings.db.transaction(async (tx) => {
    const rotated = await setEndpointSecrets(tx, id, {
      secretEncrypted: encryptField(settings.appSecret, secret),
      previousSecretEncrypted: overlapHours > 0 ? current.secretEncrypted : null,
      previousSecretExpiresAt: overlapHours > 0 ? new Date(now.getTime() + overlapHours * 3_600_000) : null,
    });
    if (!rotated)
      throw new AppError('not_found', WEBHOOK_MESSAGES.notFound, undefined, { code: 'webhook_endpoint_not_found' });
    await recordAudit(tx as unknown as Database, {
      ...context,
      action: 'partners.webhook_secret_rotated',
      entityType: 'partners',
      entityId: partnerId,
      after: { webhookId: id, overlapHours },
    });
    return rotated;
  });
  const answer = toWebhookResponse(row);
  return { ...answer, secret, message: WEBHOOK_MESSAGES.rotated(answer.previousSecretExpiresAt) };
}

/** The delivery log of one endpoint (already checked to be the caller's), newest first by default. */
export async function listWebhookDeliveries(
  db: Database,
  endpointId: number,
  query: WebhookDeliveryListQuery,
): Promise<ListResponse<WebhookDeliveryResponse>> {
  const page = deliveryListQueries(db, endpointId, query);
  return listPage(query, {
    rows: page.rows,
    count: page.count,
    toItem: toDeliveryResponse,
  });
}

/** Staff: every endpoint of a partner, deleted ones included with when (their logs stay readable). */
export async function listPartnerWebhooksForStaff(
  db: Database,
  partnerId: number,
): Promise<ListResponse<StaffWebhookResponse>> {
  const rows = await selectPartnerEndpoints(db, partnerId, true);
  return wholeList(rows.map((row) => ({ ...toWebhookResponse(row), deletedAt: row.deletedAt?.toISOString() ?? null })));
}

/**
 * Staff: an endpoint of this partner, deleted ones included.
 * @throws AppError `not_found` (404)
 */
export async function endpointForStaff(db: Database, partnerId: number, id: number): Promise<EndpointRow> {
  const row = await selectPartnerEndpoint(db, partnerId, id, true);
  if (!row)
    throw new AppError('not_found', WEBHOOK_MESSAGES.notFound, undefined, { code: 'webhook_endpoint_not_found' });
  return row;
}
