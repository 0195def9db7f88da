import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { watchlistEntries } from '../../db/schema/watchlist.js';

/** A `watchlist_entries` row as stored. */
export type WatchlistEntry = typeof watchlistEntries.$inferSelect;
/** A new or renewed watch request (`upsertWatchRequest`). */
export type WatchRequestValues = Pick<
  typeof watchlistEntries.$inferInsert,
  | 'idNumberHash'
  | 'channel'
  | 'destination'
  | 'consentText'
  | 'consentedAt'
  | 'tokenNonce'
  | 'unsubscribeTokenHash'
  | 'expiresAt'
>;

const ACTIVE = and(isNotNull(watchlistEntries.confirmedAt), isNull(watchlistEntries.unsubscribedAt));

/**
 * Inserts a watch request, or on the same ID number hash, channel and destination renews its
 * consent and keeps it at least until `values.expiresAt`. @returns the entry's id
 */
export async function upsertWatchRequest(db: Database, values: WatchRequestValues): Promise<number> {
  const [entry] = await db
    .insert(watchlistEntries)
    .values(values)
    .onConflictDoUpdate({
      target: [watchlistEntries.idNumberHash, watchlistEntries.channel, watchlistEntries.destination],
      set: {
        consentText: values.consentText,
        consentedAt: values.consentedAt,
        // A lapsed or unsubscribed entry lives long enough again for its PIN to be entered.
        expiresAt: sql`greatest(${watchlistEntries.expiresAt}, ${values.expiresAt})`,
      },
    })
    .returning({ id: watchlistEntries.id });
  if (!entry) throw new Error('watchlist upsert returned no row');
  return entry.id;
}

/** The entry with this id that has not expired at `now`, or `undefined`. */
export async function findLiveEntry(db: Database, id: number, now: Date): Promise<WatchlistEntry | undefined> {
  const [entry] = await db
    .select()
    .from(watchlistEntries)
    .where(and(eq(watchlistEntries.id, id), gt(watchlistEntries.expiresAt, now)));
  return entry;
}

/** Marks an entry confirmed at `now` (and subscribed again), kept until `expiresAt`. */
export async function markEntryConfirmed(db: Database, id: number, now: Date, expiresAt: Date): Promise<void> {
  await db
    .update(watchlistEntries)
    .set({ confirmedAt: now, unsubscribedAt: null, expiresAt })
    .where(eq(watchlistEntries.id, id));
}

/**
 * Unsubscribes the entry with this token hash (first unsubscribe time kept; kept at most until
 * `expiresAt`). @returns whether there was such an entry
 */
export async function unsubscribeByTokenHash(db: Database, hash: string, now: Date, expiresAt: Date): Promise<boolean> {
  const [entry] = await db
    .update(watchlistEntries)
    .set({
      unsubscribedAt: sql`coalesce(${watchlistEntries.unsubscribedAt}, ${now})`,
      expiresAt: sql`least(${watchlistEntries.expiresAt}, ${expiresAt})`,
    })
    .where(eq(watchlistEntries.unsubscribeTokenHash, hash))
    .returning({ id: watchlistEntries.id });
  return entry !== undefined;
}

/** Whether any entry is active (confirmed and not unsubscribed). */
export async function anyActiveEntry(db: Database): Promise<boolean> {
  const [anyone] = await db.select({ id: watchlistEntries.id }).from(watchlistEntries).where(ACTIVE).limit(1);
  return anyone !== undefined;
}

/**
 * The active entries with these ID number hashes not yet told of upload `fileUploadId`, marked
 * told of it now (`now()`, the transaction's start). @returns their ids
 */
export async function markActiveEntriesTold(
  db: Database,
  hashes: string[],
  fileUploadId: number,
): Promise<Array<{ id: number }>> {
  return db
    .update(watchlistEntries)
    .set({ lastNotifiedUploadId: fileUploadId, notifiedAt: sql`now()` })
    .where(
      and(
        ACTIVE,
        inArray(watchlistEntries.idNumberHash, hashes),
        or(isNull(watchlistEntries.lastNotifiedUploadId), ne(watchlistEntries.lastNotifiedUploadId, fileUploadId)),
      ),
    )
    .returning({ id: watchlistEntries.id });
}

/** The active entry with this id, or `undefined`. */
export async function findActiveEntry(db: Database, id: number): Promise<WatchlistEntry | undefined> {
  const [entry] = await db
    .select()
    .from(watchlistEntries)
    .where(and(eq(watchlistEntries.id, id), ACTIVE));
  return entry;
}

/**
 * Deletes the entries whose own end (`expiresAt`: unconfirmed a day, confirmed a year,
 * unsubscribed 30 days) is before `cutoff` (the retention purge, decision 035).
 * @returns how many were deleted
 */
export async function deleteEntriesExpiredBefore(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(watchlistEntries)
    .where(lt(watchlistEntries.expiresAt, cutoff))
    .returning({ id: watchlistEntries.id });
  return deleted.length;
}
