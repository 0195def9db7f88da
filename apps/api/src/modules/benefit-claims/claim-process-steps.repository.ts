import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { claimProcessSteps } from '../../db/schema/claim-process-steps.js';

/** A claim's process step as stored. */
export type ClaimProcessStepRow = typeof claimProcessSteps.$inferSelect;

/** A claim's step as written when the fund's checklist is copied onto the claim (status `pending`). */
export type NewClaimProcessStep = Pick<
  typeof claimProcessSteps.$inferInsert,
  'claimId' | 'position' | 'kind' | 'label' | 'actor'
>;

/** The claim's steps as stored, by position (empty before submission). */
export async function selectClaimProcessSteps(db: Database, claimId: number): Promise<ClaimProcessStepRow[]> {
  return db
    .select()
    .from(claimProcessSteps)
    .where(eq(claimProcessSteps.claimId, claimId))
    .orderBy(asc(claimProcessSteps.position));
}

/** Inserts a claim's steps (`pending`); `db` may be the submission's transaction. */
export async function insertClaimProcessSteps(db: Database, steps: NewClaimProcessStep[]): Promise<void> {
  await db.insert(claimProcessSteps).values(steps);
}

/** The step `stepId` of claim `claimId`, or undefined when the claim has no such step. */
export async function findClaimProcessStep(
  db: Database,
  claimId: number,
  stepId: number,
): Promise<ClaimProcessStepRow | undefined> {
  const [step] = await db
    .select()
    .from(claimProcessSteps)
    .where(and(eq(claimProcessSteps.id, stepId), eq(claimProcessSteps.claimId, claimId)));
  return step;
}

/** Stores a step's outcome (status, note, who decided and when). */
export async function updateClaimProcessStep(
  db: Database,
  stepId: number,
  outcome: Pick<ClaimProcessStepRow, 'status' | 'note' | 'decidedByType' | 'decidedById' | 'decidedAt'>,
): Promise<void> {
  await db.update(claimProcessSteps).set(outcome).where(eq(claimProcessSteps.id, stepId));
}

/** Whether staff user `userId` recorded the claim's identity-check step. */
export async function recordedIdentityCheck(db: Database, claimId: number, userId: number): Promise<boolean> {
  const [step] = await db
    .select({ id: claimProcessSteps.id })
    .from(claimProcessSteps)
    .where(
      and(
        eq(claimProcessSteps.claimId, claimId),
        eq(claimProcessSteps.kind, 'identity-check'),
        eq(claimProcessSteps.decidedByType, 'user'),
        eq(claimProcessSteps.decidedById, userId),
      ),
    )
    .limit(1);
  return step !== undefined;
}
