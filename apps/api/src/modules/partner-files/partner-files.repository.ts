import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { partnerFiles } from '../../db/schema/partner-files.js';

/**
 * The partner-files module's data access (issue 35 item 1): the files of persons to trace
 * generated for tracing partners (issue 17). The files themselves are in the private file store.
 */

/** A `partner_files` row as stored. */
export type PartnerFileRecord = typeof partnerFiles.$inferSelect;

/** A partner file by id, or `undefined`. */
export async function findPartnerFile(db: Database, id: number): Promise<PartnerFileRecord | undefined> {
  const [row] = await db.select().from(partnerFiles).where(eq(partnerFiles.id, id));
  return row;
}

/**
 * The partner's file `fileId`, or its latest file (highest id) when `fileId` is undefined; or
 * `undefined` when there is none (or `fileId` is another partner's).
 */
export async function findLatestPartnerFile(
  db: Database,
  partnerId: number,
  fileId?: number,
): Promise<PartnerFileRecord | undefined> {
  const [row] = await db
    .select()
    .from(partnerFiles)
    .where(and(eq(partnerFiles.partnerId, partnerId), fileId === undefined ? undefined : eq(partnerFiles.id, fileId)))
    .orderBy(desc(partnerFiles.id))
    .limit(1);
  return row;
}

/** Inserts a `queued` file for a partner, whose link works until `expiresAt`; returns the row. */
export async function insertPartnerFile(
  db: Database,
  values: Pick<typeof partnerFiles.$inferInsert, 'partnerId' | 'format' | 'requestedByUserId' | 'expiresAt'>,
): Promise<PartnerFileRecord> {
  const [row] = await db.insert(partnerFiles).values(values).returning();
  if (!row) throw new Error('The partner file insert returned no row');
  return row;
}

/** Marks a file `ready`: its row count and its name in the file store. */
export async function markPartnerFileReady(
  db: Database,
  id: number,
  done: { rowCount: number; storedName: string },
): Promise<void> {
  await db
    .update(partnerFiles)
    .set({ status: 'ready', rowCount: done.rowCount, storedName: done.storedName })
    .where(eq(partnerFiles.id, id));
}

/** Marks a file `failed` with the reason (cut to 500 characters). */
export async function markPartnerFileFailed(db: Database, id: number, reason: string): Promise<void> {
  await db
    .update(partnerFiles)
    .set({ status: 'failed', failureReason: reason.slice(0, 500) })
    .where(eq(partnerFiles.id, id));
}
