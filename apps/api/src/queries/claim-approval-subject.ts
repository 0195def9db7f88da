import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefits } from '../db/schema/benefits.js';
import { funds } from '../db/schema/funds.js';

/**
 * Read model for the claims' approval rules (issue 36 item 2; issue 35 item 3): the benefit's
 * gross amount (cents), its person, and its fund's second-approval amount (cents, null: none), or
 * undefined when the benefit is gone. Read only.
 */
export async function benefitApprovalFacts(
  db: Database,
  benefitId: number,
): Promise<{ amountCents: number; personId: number; secondApprovalThresholdCents: number | null } | undefined> {
  const [row] = await db
    .select({
      amountCents: benefits.amountCents,
      personId: benefits.personId,
      secondApprovalThresholdCents: funds.secondApprovalThresholdCents,
    })
    .from(benefits)
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .where(eq(benefits.id, benefitId));
  return row;
}
