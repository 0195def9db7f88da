import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { identityVerifications } from '../db/schema/identity-verifications.js';
import { persons } from '../db/schema/persons.js';
import { registerNameScore } from './claim-risk-subject.js';

/**
 * Read model for the fast-track rule (issue 35 item 3): the member's last identity check, the
 * person's death and register name score, and the person's other open claims. Read only.
 */

/** The member's last identity check with the provider (status and provider name), or undefined. */
export async function lastIdentityCheck(
  db: Database,
  personUserId: number,
): Promise<{ status: string; provider: string } | undefined> {
  const [last] = await db
    .select({ status: identityVerifications.status, provider: identityVerifications.provider })
    .from(identityVerifications)
    .where(eq(identityVerifications.personUserId, personUserId))
    .orderBy(desc(identityVerifications.id))
    .limit(1);
  return last;
}

/**
 * The person of the benefit `benefitId`: deceased (register date or the benefit's dependants'
 * flag) and the population register's name score (undefined when none is on record).
 */
export async function fastTrackPersonFacts(
  db: Database,
  benefitId: number,
): Promise<{ deceased: boolean; nameScore: unknown }> {
  const [row] = await db
    .select({
      personId: persons.id,
      deceasedOn: persons.deceasedOn,
      dependantsProcessAt: benefits.dependantsProcessAt,
    })
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .where(eq(benefits.id, benefitId));
  const deceased = Boolean(row?.deceasedOn || row?.dependantsProcessAt);
  return { deceased, nameScore: row ? await registerNameScore(db, row.personId) : undefined };
}

/** The ids of the other claims in `statuses` of the person of the claim's benefit. */
export async function otherClaimIdsOfPerson(
  db: Database,
  claim: { id: number; benefitId: number },
  statuses: readonly (typeof benefitClaims.$inferSelect)['status'][],
): Promise<number[]> {
  const [benefit] = await db
    .select({ personId: benefits.personId })
    .from(benefits)
    .where(eq(benefits.id, claim.benefitId));
  if (!benefit) return [];
  const rows = await db
    .select({ id: benefitClaims.id })
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .where(
      and(
        eq(benefits.personId, benefit.personId),
        ne(benefitClaims.id, claim.id),
        inArray(benefitClaims.status, [...statuses]),
      ),
    );
  return rows.map((row) => row.id);
}
