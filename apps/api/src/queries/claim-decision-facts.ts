import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { funds } from '../db/schema/funds.js';
import { personUsers } from '../db/schema/person-users.js';

/**
 * Read model for staff lodging a claim (issue 35 item 3): the benefit's id, fund and status with its
 * person's member account (null without one), or undefined when there is no such benefit. Read only.
 */
export async function benefitForLodging(
  db: Database,
  benefitId: number,
): Promise<{ id: number; fundId: number; status: string; personUserId: number | null } | undefined> {
  const [row] = await db
    .select({ id: benefits.id, fundId: benefits.fundId, status: benefits.status, personUserId: personUsers.id })
    .from(benefits)
    .leftJoin(personUsers, eq(personUsers.personId, benefits.personId))
    .where(eq(benefits.id, benefitId));
  return row;
}

/**
 * Read model (issue 35 item 3): the connected administrator (partner id, null: none) of the fund
 * of the claim's benefit; undefined when there is no such claim. Read only.
 */
export async function claimFundAdministrator(
  db: Database,
  claimId: number,
): Promise<{ administratorPartnerId: number | null } | undefined> {
  const [row] = await db
    .select({ administratorPartnerId: funds.administratorPartnerId })
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .where(eq(benefitClaims.id, claimId));
  return row;
}
