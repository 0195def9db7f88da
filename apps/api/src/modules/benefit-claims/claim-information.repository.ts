import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { claimDocuments, claimInformationRequests } from '../../db/schema/benefit-claims.js';

/** A request for more information on a claim, as stored. */
export type RequestRow = typeof claimInformationRequests.$inferSelect;

/** What answering a request stores on it (besides `answeredAt`). */
export type RequestAnswer = Partial<
  Pick<typeof claimInformationRequests.$inferInsert, 'answerText' | 'answerDocumentId'>
>;

/** Every request for more information on a claim, newest first. */
export function listRequestsOfClaim(db: Database, claimId: number): Promise<RequestRow[]> {
  return db
    .select()
    .from(claimInformationRequests)
    .where(eq(claimInformationRequests.claimId, claimId))
    .orderBy(desc(claimInformationRequests.id));
}

/** The claim's request not yet answered (at most one), or undefined. */
export async function findOpenRequest(db: Database, claimId: number): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(claimInformationRequests)
    .where(and(eq(claimInformationRequests.claimId, claimId), isNull(claimInformationRequests.answeredAt)));
  return row;
}

/**
 * Stores a new request for more information on a claim.
 * @returns its id
 */
export async function insertInformationRequest(
  db: Database,
  values: Pick<
    typeof claimInformationRequests.$inferInsert,
    'claimId' | 'kind' | 'documentKind' | 'message' | 'requestedByType' | 'requestedById'
  >,
): Promise<number | undefined> {
  const [request] = await db
    .insert(claimInformationRequests)
    .values(values)
    .returning({ id: claimInformationRequests.id });
  return request?.id;
}

/**
 * Closes the request `requestId` with the answer, only if it is still open.
 * @returns false when it was answered meanwhile (or does not exist)
 */
export async function answerOpenRequest(db: Database, requestId: number, answer: RequestAnswer): Promise<boolean> {
  const [answered] = await db
    .update(claimInformationRequests)
    .set({ ...answer, answeredAt: new Date() })
    .where(and(eq(claimInformationRequests.id, requestId), isNull(claimInformationRequests.answeredAt)))
    .returning({ id: claimInformationRequests.id });
  return answered !== undefined;
}

/**
 * Sets a claim document's review state (`accepted` | `rejected`, with the reason and what the
 * member should do for a rejection, null otherwise), when it is on the claim and not removed.
 * @returns its id and kind, or undefined when there is no such document
 */
export async function setDocumentReview(
  db: Database,
  claimId: number,
  documentId: number,
  review: {
    state: 'accepted' | 'rejected';
    rejectionReason: string | null;
    whatToDo: string | null;
  },
): Promise<{ id: number; kind: typeof claimDocuments.$inferSelect.kind } | undefined> {
  const [document] = await db
    .update(claimDocuments)
    .set({ ...review, reviewedAt: new Date() })
    .where(
      and(eq(claimDocuments.id, documentId), eq(claimDocuments.claimId, claimId), isNull(claimDocuments.removedAt)),
    )
    .returning({ id: claimDocuments.id, kind: claimDocuments.kind });
  return document;
}

/** Rejects the document `documentId` with the reason and what the member should do. */
export async function rejectDocument(
  db: Database,
  documentId: number,
  rejection: { reason: string; whatToDo: string },
): Promise<void> {
  await db
    .update(claimDocuments)
    .set({
      state: 'rejected',
      rejectionReason: rejection.reason,
      whatToDo: rejection.whatToDo,
      reviewedAt: new Date(),
    })
    .where(eq(claimDocuments.id, documentId));
}

/**
 * Replaces the claim's current document of the same kind (marked removed) with `document`.
 * @returns the new document's id and the stored names of the replaced ones
 */
export async function replaceDocumentReturningId(
  db: Database,
  claimId: number,
  document: Omit<typeof claimDocuments.$inferInsert, 'claimId'>,
): Promise<{ id: number | null; replaced: string[] }> {
  const old = await db
    .update(claimDocuments)
    .set({ removedAt: new Date() })
    .where(
      and(
        eq(claimDocuments.claimId, claimId),
        eq(claimDocuments.kind, document.kind),
        isNull(claimDocuments.removedAt),
      ),
    )
    .returning({ storedName: claimDocuments.storedName });
  const [inserted] = await db
    .insert(claimDocuments)
    .values({ claimId, ...document })
    .returning({ id: claimDocuments.id });
  return { id: inserted?.id ?? null, replaced: old.map((row) => row.storedName) };
}
