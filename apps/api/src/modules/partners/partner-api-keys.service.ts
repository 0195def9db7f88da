import { createHash, randomBytes } from 'node:crypto';
import { type ApiKeyResponse, type CreatedApiKeyResponse, PARTNER_MESSAGES } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { PARTNER_API_KEY_PREFIX, type PartnerIdentity } from '../../platform/auth/route-access.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  type ApiKeyRecord,
  findUsableKeyByHash,
  insertApiKey,
  markApiKeyRevoked,
  selectPartnerApiKey,
  selectPartnerApiKeys,
  touchApiKeyLastUsed,
} from './partner-api-keys.repository.js';
import { partnerFundIds } from './partners.repository.js';
import { findPartner } from './partners.service.js';

/**
 * Partner API keys (issue 8 "Partners"; decision 017). A key is `bcp_pk_` followed by 32 random
 * bytes in base64url (256 bits): high-entropy, so its SHA-256 is stored and looked up directly (no
 * slow hash needed). The key is returned once, at creation or rotation, never again; `prefix` (its
 * first 15 characters) tells keys apart in lists and logs.
 */
const KEY_PREFIX = PARTNER_API_KEY_PREFIX;
const VISIBLE_PREFIX_LENGTH = KEY_PREFIX.length + 8;
/** `lastUsedAt` is written at most this often per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export type { PartnerIdentity };

/** The partner as the audit trail names it. */
export function partnerAuditContext(partner: PartnerIdentity, ip: string): AuditContext {
  return { actor: { type: 'partner', id: partner.partnerId, label: `api key ${partner.apiKeyId}` }, ip };
}

/** SHA-256 of a key, hex: what the database keeps. */
function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new random key with its visible prefix and stored hash. */
function generateApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, VISIBLE_PREFIX_LENGTH), keyHash: hashKey(key) };
}

function toResponse(row: ApiKeyRecord): ApiKeyResponse {
  return {
    id: row.id,
    partnerId: row.partnerId,
    name: row.name,
    prefix: row.prefix,
    createdBy: row.createdById,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

function staffId(context: AuditContext): number | null {
  return context.actor.type === 'staff' ? (context.actor.id ?? null) : null;
}

/**
 * The partner API's check (`{ area: 'partner' }` routes, platform/auth/route-access.ts): the
 * partner behind a key, or `undefined` for an unknown or revoked key, or a partner that is inactive
 * or deleted. The key's funds are read on every call, so a change of the partner's funds or a
 * revocation takes effect on the next request. Records when the key was last used (once a minute).
 *
 * ```ts
 * const partner = await authenticatePartnerApiKey(db, key); // key from `Authorization: Bearer <key>`
 * if (!partner) throw new AppError('unauthenticated', PARTNER_MESSAGES.invalidKey);
 * ```
 */
export async function authenticatePartnerApiKey(
  db: Database,
  key: string,
  now: Date = new Date(),
): Promise<PartnerIdentity | undefined> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return undefined;
  const row = await findUsableKeyByHash(db, hashKey(key));
  if (!row) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await touchApiKeyLastUsed(db, row.id, now, stale);
  }
  return { partnerId: row.partnerId, apiKeyId: row.id, fundIds: await partnerFundIds(db, row.partnerId) };
}

/** A partner's keys, newest first, revoked ones included; never the keys themselves. */
export async function listApiKeys(db: Database, partnerId: number): Promise<ApiKeyResponse[]> {
  await findPartner(db, partnerId);
  const rows = await selectPartnerApiKeys(db, partnerId);
  return rows.map(toResponse);
}

async function insertKey(
  db: Database,
  partnerId: number,
  name: string,
  context: AuditContext,
): Promise<CreatedApiKeyResponse> {
  const generated = generateApiKey();
  const row = await insertApiKey(db, {
    partnerId,
    name,
    prefix: generated.prefix,
    keyHash: generated.keyHash,
    createdById: staffId(context),
  });
  const response = toResponse(row);
  await recordAudit(db, {
    ...context,
    action: 'partners.api_key_created',
    entityType: 'partners',
    entityId: partnerId,
    after: { apiKeyId: row.id, name: row.name, prefix: row.prefix },
  });
  return { ...response, key: generated.key, message: PARTNER_MESSAGES.keyShownOnce };
}

/**
 * Creates an API key for an active partner (`POST partners/{id}/api-keys`): the answer carries the
 * key, this once. Audited `partners.api_key_created` (prefix only) on the partner's trail.
 * @throws AppError `not_found` (404); `conflict` (409) the partner is inactive
 */
export async function createApiKey(
  db: Database,
  partnerId: number,
  input: { name: string },
  context: AuditContext,
): Promise<CreatedApiKeyResponse> {
  const partner = await findPartner(db, partnerId);
  if (!partner.active) throw new AppError('conflict', PARTNER_MESSAGES.inactive);
  return db.transaction(async (tx) => insertKey(tx, partnerId, input.name, context));
}

async function findLiveKey(db: Database, partnerId: number, keyId: number): Promise<ApiKeyRecord> {
  await findPartner(db, partnerId);
  const row = await selectPartnerApiKey(db, partnerId, keyId);
  if (!row) throw new AppError('not_found', PARTNER_MESSAGES.keyNotFound);
  if (row.revokedAt) throw new AppError('conflict', PARTNER_MESSAGES.keyRevoked);
  return row;
}

async function markRevoked(db: Database, row: ApiKeyRecord, context: AuditContext, now: Date): Promise<void> {
  const revoked = await markApiKeyRevoked(db, row.id, now, staffId(context));
  if (!revoked) throw new AppError('conflict', PARTNER_MESSAGES.keyRevoked);
  await recordAudit(db, {
    ...context,
    action: 'partners.api_key_revoked',
    entityType: 'partners',
    entityId: row.partnerId,
    before: { apiKeyId: row.id, name: row.name, prefix: row.prefix },
  });
}

/**
 * Revokes a key (`DELETE partners/{id}/api-keys/{keyId}`): refused from the next request on.
 * Audited `partners.api_key_revoked`.
 * @throws AppError `not_found` (404) unknown partner or key; `conflict` (409) already revoked
 */
export async function revokeApiKey(
  db: Database,
  partnerId: number,
  keyId: number,
  context: AuditContext,
): Promise<ApiKeyResponse> {
  const row = await findLiveKey(db, partnerId, keyId);
  const now = new Date();
  await db.transaction(async (tx) => markRevoked(tx, row, context, now));
  return toResponse({ ...row, revokedAt: now, revokedById: staffId(context) });
}

/**
 * Rotates a key (`POST partners/{id}/api-keys/{keyId}/rotate`): revokes it and creates its
 * replacement with the same name, in one transaction; the answer carries the new key, this once.
 * @throws AppError `not_found` (404); `conflict` (409) already revoked, or the partner is inactive
 */
export async function rotateApiKey(
  db: Database,
  partnerId: number,
  keyId: number,
  context: AuditContext,
): Promise<CreatedApiKeyResponse> {
  const row = await findLiveKey(db, partnerId, keyId);
  const partner = await findPartner(db, partnerId);
  if (!partner.active) throw new AppError('conflict', PARTNER_MESSAGES.inactive);
  return db.transaction(async (tx) => {
    await markRevoked(tx, row, context, new Date());
    return insertKey(tx, partnerId, row.name, context);
  });
}
