import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefits } from '../db/schema/benefits.js';

/**
 * Read model for starting a claim (issue 35 item 3; issue 17, s37C): whether the benefit was
 * flagged for the fund's dependants' process (its member died), so no claim may start. `false`
 * when there is no such benefit. Read only.
 */
export async function benefitInDependantsProcess(db: Database, benefitId: number): Promise<boolean> {
  const [row] = await db.select({ at: benefits.dependantsProcessAt }).from(benefits).where(eq(benefits.id, benefitId));
  return Boolean(row?.at);
}
