import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { persons } from '../db/schema/persons.js';

/**
 * Read model for the claims' risk signals (issue 35 item 3; issue 36 item 3): the person behind a
 * claim's benefit, and the claims of persons. Read only.
 */

/** The person behind a claim's benefit, as the risk signals read it. */
export interface ClaimRiskPerson {
  personId: number;
  firstName: string;
  lastName: string;
  /** ISO date (YYYY-MM-DD) of death from the population register, or null. */
  deceasedOn: string | null;
  /** When the benefit was flagged for the fund's dependants' process, or null. */
  dependantsProcessAt: Date | null;
}

/** The person of the benefit `benefitId` and the benefit's dependants' flag; undefined when none. */
export async function claimRiskPerson(db: Database, benefitId: number): Promise<ClaimRiskPerson | undefined> {
  const [row] = await db
    .select({
      personId: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      deceasedOn: persons.deceasedOn,
      dependantsProcessAt: benefits.dependantsProcessAt,
    })
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .where(eq(benefits.id, benefitId));
  return row;
}

/** The ids of the claims (any status) on the benefits of these persons. */
export async function claimIdsOfPersons(db: Database, personIds: readonly number[]): Promise<number[]> {
  if (personIds.length === 0) return [];
  const rows = await db
    .select({ id: benefitClaims.id })
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .where(inArray(benefits.personId, [...personIds]));
  return rows.map((row) => row.id);
}
