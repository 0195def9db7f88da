import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { claimProcessSteps } from '../../db/schema/claim-process-steps.js';

/** A claim's process step as stored. */
export type ClaimProcessStepRow = typeof claimProcessSteps.$inferSelect;

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
