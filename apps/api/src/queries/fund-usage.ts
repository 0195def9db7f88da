import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefits } from '../db/schema/benefits.js';
import { fileUploads } from '../db/schema/file-uploads.js';
import { funds } from '../db/schema/funds.js';

/**
 * Read model for deleting a fund (spec 7 `DELETE funds/{id}`, issue 35 item 3): how many benefits
 * and member files refer to fund `fundId` (0: it may be deleted). Reads only.
 */
export async function countFundData(db: Database, fundId: number): Promise<number> {
  return (
    (await db.$count(benefits, eq(benefits.fundId, fundId))) +
    (await db.$count(fileUploads, eq(fileUploads.fundId, fundId)))
  );
}

/**
 * Whether fund `fundId` exists (issue 35 item 3): the fund check of the process-steps module,
 * which funds itself depends on (funds deletes a fund's steps), so it cannot call funds. Reads only.
 */
export async function fundExists(db: Database, fundId: number): Promise<boolean> {
  const [row] = await db.select({ id: funds.id }).from(funds).where(eq(funds.id, fundId));
  return row !== undefined;
}
