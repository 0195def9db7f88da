import { and, asc, eq, inArray, min } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { enrichmentRecords } from '../db/schema/enrichment.js';
import { personUsers } from '../db/schema/person-users.js';
import { persons } from '../db/schema/persons.js';

/**
 * Read model for the claims' risk signals (issue 35 item 3; issue 36 item 3): the person behind a
 * claim's benefit, the claims of persons, the register's name score and member users as links.
 * Read only.
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

/**
 * The population register's name score of person `personId` (0 to 100, as the provider gave it:
 * check it is a number), or undefined when no register record is on file.
 */
export async function registerNameScore(db: Database, personId: number): Promise<unknown> {
  const [register] = await db
    .select({ details: enrichmentRecords.details })
    .from(enrichmentRecords)
    .where(and(eq(enrichmentRecords.personId, personId), eq(enrichmentRecords.kind, 'population_register')));
  return register?.details.nameScore;
}

/**
 * Each of these member users' person (names) and the lowest id of the person's benefits (null
 * when none: the back office opens a person by a benefit), by member user id.
 */
export async function personUserLinks(
  db: Database,
  personUserIds: readonly number[],
): Promise<{ personUserId: number; firstName: string; lastName: string; benefitId: number | null }[]> {
  if (personUserIds.length === 0) return [];
  return db
    .select({
      personUserId: personUsers.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      benefitId: min(benefits.id),
    })
    .from(personUsers)
    .innerJoin(persons, eq(persons.id, personUsers.personId))
    .leftJoin(benefits, eq(benefits.personId, persons.id))
    .where(inArray(personUsers.id, [...personUserIds]))
    .groupBy(personUsers.id, persons.firstName, persons.lastName)
    .orderBy(asc(personUsers.id));
}
