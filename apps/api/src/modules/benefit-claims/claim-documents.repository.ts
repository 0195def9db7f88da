import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { claimDocuments } from '../../db/schema/benefit-claims.js';

/** A claim's documents that are not removed, oldest first. */
export async function activeDocuments(db: Database, claimId: number) {
  return db
    .select()
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, claimId), isNull(claimDocuments.removedAt)))
    .orderBy(asc(claimDocuments.id));
}

/** A claim document as stored. */
export type ClaimDocumentRow = typeof claimDocuments.$inferSelect;

/**
 * Replaces the claim's document of `kind`: the current ones are marked removed and `document` added.
 * @returns the stored names of the documents replaced (their files are for the caller to remove)
 */
export async function replaceClaimDocument(
  db: Database,
  claimId: number,
  kind: ClaimDocumentRow['kind'],
  document: Omit<typeof claimDocuments.$inferInsert, 'claimId'>,
): Promise<string[]> {
  const replaced = await db
    .update(claimDocuments)
    .set({ removedAt: new Date() })
    .where(and(eq(claimDocuments.claimId, claimId), eq(claimDocuments.kind, kind), isNull(claimDocuments.removedAt)))
    .returning({ storedName: claimDocuments.storedName });
  await db.insert(claimDocuments).values({ claimId, ...document });
  return replaced.map((row) => row.storedName);
}

/**
 * Marks the claim's document `documentId` removed.
 * @returns its stored name, or undefined when it is not on the claim (or already removed)
 */
export async function removeDocumentOfClaim(
  db: Database,
  claimId: number,
  documentId: number,
): Promise<string | undefined> {
  const [removed] = await db
    .update(claimDocuments)
    .set({ removedAt: new Date() })
    .where(
      and(eq(claimDocuments.id, documentId), eq(claimDocuments.claimId, claimId), isNull(claimDocuments.removedAt)),
    )
    .returning({ storedName: claimDocuments.storedName });
  return removed?.storedName;
}

/** The claim's document `documentId` when not removed, else undefined. */
export async function findActiveDocument(
  db: Database,
  claimId: number,
  documentId: number,
): Promise<ClaimDocumentRow | undefined> {
  const [document] = await db
    .select()
    .from(claimDocuments)
    .where(
      and(eq(claimDocuments.id, documentId), eq(claimDocuments.claimId, claimId), isNull(claimDocuments.removedAt)),
    );
  return document;
}
