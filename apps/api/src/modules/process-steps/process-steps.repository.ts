import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { fundProcessSteps } from '../../db/schema/process-steps.js';

/** A `fund_process_steps` row as stored. */
export type FundProcessStepRow = typeof fundProcessSteps.$inferSelect;
/** A new step of a fund's checklist. */
export type NewFundProcessStep = Pick<typeof fundProcessSteps.$inferInsert, 'fundId' | 'position' | 'kind' | 'label'>;

/** A fund's own steps, by position (empty when it uses the default). */
export async function selectFundProcessSteps(db: Database, fundId: number): Promise<FundProcessStepRow[]> {
  return db
    .select()
    .from(fundProcessSteps)
    .where(eq(fundProcessSteps.fundId, fundId))
    .orderBy(asc(fundProcessSteps.position));
}

/** Deletes a fund's own steps. */
export async function deleteFundProcessStepRows(db: Database, fundId: number): Promise<void> {
  await db.delete(fundProcessSteps).where(eq(fundProcessSteps.fundId, fundId));
}

/** Inserts steps of a fund's checklist. */
export async function insertFundProcessSteps(db: Database, steps: NewFundProcessStep[]): Promise<void> {
  await db.insert(fundProcessSteps).values(steps);
}
