import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefitClaimEvents, benefitClaims } from '../../db/schema/benefit-claims.js';

/** A claim as stored. */
export type ClaimRow = typeof benefitClaims.$inferSelect;
/** A claim's columns as written. */
export type ClaimInsert = typeof benefitClaims.$inferInsert;
/** A claim's recorded move as stored. */
export type ClaimEventRow = typeof benefitClaimEvents.$inferSelect;

/** The claim `claimId`, or undefined. */
export async function findClaimById(db: Database, claimId: number): Promise<ClaimRow | undefined> {
  const [row] = await db.select().from(benefitClaims).where(eq(benefitClaims.id, claimId));
  return row;
}

/** The benefit's open claim (any status but rejected; at most one exists), or undefined. */
export async function findOpenClaim(db: Database, benefitId: number): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(benefitClaims)
    .where(and(eq(benefitClaims.benefitId, benefitId), ne(benefitClaims.status, 'rejected')));
  return row;
}

/**
 * Inserts a draft claim of `benefit` (its id and fund, which the claim keeps) unless the benefit
 * has an open one (the one-open-claim index).
 * @returns the new claim, or undefined when another open claim won
 */
export async function insertDraftClaim(
  db: Database,
  benefit: { id: number; fundId: number },
  personUserId: number,
  now: Date,
): Promise<ClaimRow | undefined> {
  const [created] = await db
    .insert(benefitClaims)
    .values({ benefitId: benefit.id, fundId: benefit.fundId, personUserId, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return created;
}

/** Records one claim event (a move, or a draft started: `fromStatus` null). */
export async function insertClaimEvent(db: Database, event: typeof benefitClaimEvents.$inferInsert): Promise<void> {
  await db.insert(benefitClaimEvents).values(event);
}

/** The claim's recorded moves, oldest first. */
export async function listClaimEvents(db: Database, claimId: number): Promise<ClaimEventRow[]> {
  return db
    .select()
    .from(benefitClaimEvents)
    .where(eq(benefitClaimEvents.claimId, claimId))
    .orderBy(asc(benefitClaimEvents.id));
}

/**
 * Changes a claim still in draft.
 * @returns the claim changed, or undefined when it is no longer a draft
 */
export async function updateDraftClaim(
  db: Database,
  claimId: number,
  changes: Partial<ClaimInsert>,
): Promise<ClaimRow | undefined> {
  const [updated] = await db
    .update(benefitClaims)
    .set(changes)
    .where(and(eq(benefitClaims.id, claimId), eq(benefitClaims.status, 'draft')))
    .returning();
  return updated;
}

/**
 * Sets columns of a claim still in `status` (unconditionally when `status` is omitted).
 * @returns whether the claim was changed
 */
export async function updateClaim(
  db: Database,
  claimId: number,
  changes: Partial<ClaimInsert>,
  status?: ClaimRow['status'],
): Promise<boolean> {
  const changed = await db
    .update(benefitClaims)
    .set(changes)
    .where(and(eq(benefitClaims.id, claimId), status === undefined ? undefined : eq(benefitClaims.status, status)))
    .returning({ id: benefitClaims.id });
  return changed.length > 0;
}

/** The claim `claimId` locked for update in the transaction `tx`, or undefined. */
export async function lockClaim(tx: Database, claimId: number): Promise<ClaimRow | undefined> {
  const [row] = await tx.select().from(benefitClaims).where(eq(benefitClaims.id, claimId)).for('update');
  return row;
}

/** Sets columns of the claim `claimId`. @returns the claim changed, or undefined when there is none */
export async function setClaimColumns(
  db: Database,
  claimId: number,
  changes: Partial<ClaimInsert>,
): Promise<ClaimRow | undefined> {
  const [row] = await db.update(benefitClaims).set(changes).where(eq(benefitClaims.id, claimId)).returning();
  return row;
}

/** A claim as assignment reads it: id, status and assignee (`users.id`, null: nobody). */
export type ClaimRef = Pick<ClaimRow, 'id' | 'status' | 'assignedUserId'>;

/** The claims among `claimIds` that exist, by id (fewer than asked when some do not exist). */
export async function findClaimRefs(db: Database, claimIds: readonly number[]): Promise<ClaimRef[]> {
  if (claimIds.length === 0) return [];
  return db
    .select({ id: benefitClaims.id, status: benefitClaims.status, assignedUserId: benefitClaims.assignedUserId })
    .from(benefitClaims)
    .where(inArray(benefitClaims.id, [...claimIds]))
    .orderBy(asc(benefitClaims.id));
}

/**
 * Gives claim `claimId` to the staff user `assignee.userId` (null: nobody) since `assignee.at`
 * (null with nobody), on condition that its assignee is still `current` (null: nobody); two people
 * taking the same claim at once: one wins.
 * @returns whether the claim changed (false: the assignee was no longer `current`, or no such claim)
 */
export async function setClaimAssignee(
  db: Database,
  claimId: number,
  current: number | null,
  assignee: { userId: number | null; at: Date | null },
): Promise<boolean> {
  const changed = await db
    .update(benefitClaims)
    .set({ assignedUserId: assignee.userId, assignedAt: assignee.at })
    .where(
      and(
        eq(benefitClaims.id, claimId),
        current === null ? isNull(benefitClaims.assignedUserId) : eq(benefitClaims.assignedUserId, current),
      ),
    )
    .returning({ id: benefitClaims.id });
  return changed.length > 0;
}

/**
 * Claims with their benefit and status, as a relation for another module's set-based statement to
 * join (a subquery, never run alone): columns `id` (bigint, the claim reference), `benefit_id`
 * (bigint) and `status` (text, a `ClaimStatus`): `select id, benefit_id, status from benefit_claims`.
 * Join it to benefits' `fundBenefitsRelation` on `benefit_id` for one fund's claims.
 */
export function claimStatusesRelation(): SQL {
  return sql`select id, benefit_id, status from benefit_claims`;
}
