import { and, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { partnerApiKeys, partners } from '../../db/schema/partners.js';

/*
 * The partner API keys' data access (issue 35 item 1): `partner_api_keys` rows, which keep a key's
 * SHA-256 hash (hex) and visible prefix, never the key. Generating, hashing and auditing keys is
 * partner-api-keys.service.ts's.
 */

/** A `partner_api_keys` row as stored. */
export type ApiKeyRecord = typeof partnerApiKeys.$inferSelect;

/** The number of keys not revoked per partner, for these partners (partners without any are absent). */
export async function countLiveApiKeys(
  db: Database,
  partnerIds: readonly number[],
): Promise<{ partnerId: number; total: number }[]> {
  if (partnerIds.length === 0) return [];
  return db
    .select({ partnerId: partnerApiKeys.partnerId, total: count() })
    .from(partnerApiKeys)
    .where(and(inArray(partnerApiKeys.partnerId, [...partnerIds]), isNull(partnerApiKeys.revokedAt)))
    .groupBy(partnerApiKeys.partnerId);
}

/**
 * The key whose hash is `keyHash` when it is not revoked and its partner is active and not deleted
 * (id, partner, when last used), or `undefined`.
 */
export async function findUsableKeyByHash(
  db: Database,
  keyHash: string,
): Promise<{ id: number; partnerId: number; lastUsedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ id: partnerApiKeys.id, partnerId: partnerApiKeys.partnerId, lastUsedAt: partnerApiKeys.lastUsedAt })
    .from(partnerApiKeys)
    .innerJoin(partners, eq(partners.id, partnerApiKeys.partnerId))
    .where(
      and(
        eq(partnerApiKeys.keyHash, keyHash),
        isNull(partnerApiKeys.revokedAt),
        eq(partners.active, true),
        isNull(partners.deletedAt),
      ),
    );
  return row;
}

/** Sets a key's `lastUsedAt` to `now` unless it was set after `staleBefore` (by another request meanwhile). */
export async function touchApiKeyLastUsed(db: Database, id: number, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(partnerApiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(partnerApiKeys.id, id), or(isNull(partnerApiKeys.lastUsedAt), lt(partnerApiKeys.lastUsedAt, staleBefore))),
    );
}

/** A partner's keys, newest first, revoked ones included. */
export async function selectPartnerApiKeys(db: Database, partnerId: number): Promise<ApiKeyRecord[]> {
  return db
    .select()
    .from(partnerApiKeys)
    .where(eq(partnerApiKeys.partnerId, partnerId))
    .orderBy(desc(partnerApiKeys.id));
}

/** A partner's key `keyId` (revoked or not), or `undefined` when it is not this partner's. */
export async function selectPartnerApiKey(
  db: Database,
  partnerId: number,
  keyId: number,
): Promise<ApiKeyRecord | undefined> {
  const [row] = await db
    .select()
    .from(partnerApiKeys)
    .where(and(eq(partnerApiKeys.id, keyId), eq(partnerApiKeys.partnerId, partnerId)));
  return row;
}

/** Inserts a key (its hash and prefix; `createdById` the staff user or null); returns the row. */
export async function insertApiKey(
  db: Database,
  values: Pick<typeof partnerApiKeys.$inferInsert, 'partnerId' | 'name' | 'prefix' | 'keyHash' | 'createdById'>,
): Promise<ApiKeyRecord> {
  const [row] = await db.insert(partnerApiKeys).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Revokes key `id` at `now` by `revokedById` (staff user or null); false when it was already revoked. */
export async function markApiKeyRevoked(
  db: Database,
  id: number,
  now: Date,
  revokedById: number | null,
): Promise<boolean> {
  const [revoked] = await db
    .update(partnerApiKeys)
    .set({ revokedAt: now, revokedById })
    .where(and(eq(partnerApiKeys.id, id), isNull(partnerApiKeys.revokedAt)))
    .returning({ id: partnerApiKeys.id });
  return revoked !== undefined;
}

/** Revokes every key of a partner not yet revoked, at `now` (the partner is being deleted). */
export async function revokePartnerApiKeys(db: Database, partnerId: number, now: Date): Promise<void> {
  await db
    .update(partnerApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(partnerApiKeys.partnerId, partnerId), isNull(partnerApiKeys.revokedAt)));
}
