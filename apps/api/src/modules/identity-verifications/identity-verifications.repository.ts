import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { identityImages, identityVerifications } from '../../db/schema/identity-verifications.js';

/**
 * The identity-verifications module's data access (issue 35 item 1): the only file that reads or
 * writes `identity_verifications` and `identity_images`.
 */

type CheckStatus = 'pending' | 'passed' | 'failed';
type ProviderName = (typeof identityVerifications.$inferSelect)['provider'];

/** An `identity_images` row. */
export type IdentityImageRow = typeof identityImages.$inferSelect;

/** The columns of a new identity image. */
export type NewIdentityImage = typeof identityImages.$inferInsert;

/** Records a new pending check. */
export async function insertPendingCheck(
  db: Database,
  values: { personUserId: number; provider: ProviderName; reference: string },
): Promise<void> {
  await db.insert(identityVerifications).values({ ...values, status: 'pending' });
}

function byReference(reference: string, provider?: ProviderName): SQL | undefined {
  return provider
    ? and(eq(identityVerifications.provider, provider), eq(identityVerifications.reference, reference))
    : eq(identityVerifications.reference, reference);
}

/**
 * Completes the pending check with this reference (of `provider` when given).
 * @returns its person user, or `undefined` when no pending check matched
 */
export async function completePendingCheck(
  db: Database,
  match: { reference: string; provider?: ProviderName | undefined },
  result: { status: 'passed' | 'failed'; failureReason: string | null; completedAt: Date },
): Promise<{ personUserId: number } | undefined> {
  const [updated] = await db
    .update(identityVerifications)
    .set(result)
    .where(and(byReference(match.reference, match.provider), eq(identityVerifications.status, 'pending')))
    .returning({ personUserId: identityVerifications.personUserId });
  return updated;
}

/** A check by reference (of `provider` when given): its person user and status, or `undefined`. */
export async function selectCheckByReference(
  db: Database,
  reference: string,
  provider?: ProviderName,
): Promise<{ personUserId: number; status: CheckStatus } | undefined> {
  const [row] = await db
    .select({ personUserId: identityVerifications.personUserId, status: identityVerifications.status })
    .from(identityVerifications)
    .where(byReference(reference, provider))
    .limit(1);
  return row;
}

/** The person user's most recent check, or `undefined`. */
export async function selectLatestCheck(db: Database, personUserId: number) {
  const [row] = await db
    .select({
      status: identityVerifications.status,
      failureReason: identityVerifications.failureReason,
      createdAt: identityVerifications.createdAt,
      completedAt: identityVerifications.completedAt,
    })
    .from(identityVerifications)
    .where(eq(identityVerifications.personUserId, personUserId))
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id))
    .limit(1);
  return row;
}

/** The person user's completed checks of this provider whose images were not fetched yet. */
export async function selectChecksWithoutImages(
  db: Database,
  personUserId: number,
  provider: ProviderName,
): Promise<{ id: number; reference: string }[]> {
  return db
    .select({ id: identityVerifications.id, reference: identityVerifications.reference })
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.personUserId, personUserId),
        eq(identityVerifications.provider, provider),
        inArray(identityVerifications.status, ['passed', 'failed']),
        isNull(identityVerifications.imagesFetchedAt),
      ),
    );
}

/** Stores a check's images and marks its images fetched, in one transaction. */
export async function saveFetchedImages(db: Database, checkId: number, rows: NewIdentityImage[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (rows.length > 0) await tx.insert(identityImages).values(rows);
    await tx
      .update(identityVerifications)
      .set({ imagesFetchedAt: new Date() })
      .where(eq(identityVerifications.id, checkId));
  });
}

/** The images of every check of the person user, oldest first. */
export async function selectImagesOfPersonUser(db: Database, personUserId: number): Promise<IdentityImageRow[]> {
  const rows = await db
    .select({ image: identityImages })
    .from(identityImages)
    .innerJoin(identityVerifications, eq(identityVerifications.id, identityImages.identityVerificationId))
    .where(eq(identityVerifications.personUserId, personUserId))
    .orderBy(asc(identityImages.id));
  return rows.map((row) => row.image);
}

/** Deletes the image rows of every check of the person user. @returns their stored file names */
export async function deleteImagesOfPersonUser(db: Database, personUserId: number): Promise<string[]> {
  const checks = db
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(eq(identityVerifications.personUserId, personUserId));
  const removed = await db
    .delete(identityImages)
    .where(inArray(identityImages.identityVerificationId, checks))
    .returning({ storedName: identityImages.storedName });
  return removed.map((image) => image.storedName);
}

/**
 * The person user's identity checks counted by status (`pending`, `passed`, `failed`; a status
 * without checks is left out): e.g. the claims' identity-retries risk signal (issue 36 item 3).
 */
export async function countChecksByStatus(
  db: Database,
  personUserId: number,
): Promise<{ status: CheckStatus; n: number }[]> {
  return db
    .select({ status: identityVerifications.status, n: count() })
    .from(identityVerifications)
    .where(eq(identityVerifications.personUserId, personUserId))
    .groupBy(identityVerifications.status);
}
