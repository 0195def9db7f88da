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
