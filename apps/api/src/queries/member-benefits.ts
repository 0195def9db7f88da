import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefits } from '../db/schema/benefits.js';
import { funds } from '../db/schema/funds.js';
import { personUsers } from '../db/schema/person-users.js';
import { persons } from '../db/schema/persons.js';

/**
 * The member app's benefits read model (issue 4 "My benefits", spec 3): a person user's benefits
 * with their fund and person (benefits, person_users, persons and funds joined). Read only.
 */
export interface MemberBenefitRow {
  id: number;
  fundId: number;
  benefitType: string;
  /** Gross, cents. */
  amountCents: number;
  status: 'unclaimed' | 'claimed' | 'paid';
  fund: { id: number; name: string; registrationNumber: string };
  person: { firstName: string; lastName: string; idNumber: string; dateOfBirth: string };
  /** The fund's fast track (issue 21 item 2): threshold (cents) and promised days, or nulls. */
  fastTrack: { thresholdCents: number | null; days: number | null };
}

const memberBenefitColumns = {
  id: benefits.id,
  fundId: benefits.fundId,
  benefitType: benefits.benefitType,
  amountCents: benefits.amountCents,
  status: benefits.status,
  fund: { id: funds.id, name: funds.name, registrationNumber: funds.registrationNumber },
  person: {
    firstName: persons.firstName,
    lastName: persons.lastName,
    idNumber: persons.idNumber,
    dateOfBirth: persons.dateOfBirth,
  },
  fastTrack: { thresholdCents: funds.fastTrackThresholdCents, days: funds.fastTrackDays },
};

function memberBenefitsQuery(db: Database) {
  return db
    .select(memberBenefitColumns)
    .from(benefits)
    .innerJoin(personUsers, eq(personUsers.personId, benefits.personId))
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .innerJoin(funds, eq(funds.id, benefits.fundId));
}

/** The person user's benefits, largest first (then by id). */
export function listMemberBenefitRows(db: Database, personUserId: number): Promise<MemberBenefitRow[]> {
  return memberBenefitsQuery(db)
    .where(eq(personUsers.id, personUserId))
    .orderBy(desc(benefits.amountCents), asc(benefits.id));
}

/** One benefit of the person user's person, or undefined (another member's too). */
export async function findMemberBenefitRow(
  db: Database,
  personUserId: number,
  benefitId: number,
): Promise<MemberBenefitRow | undefined> {
  const [row] = await memberBenefitsQuery(db).where(and(eq(benefits.id, benefitId), eq(personUsers.id, personUserId)));
  return row;
}

/** The person user's benefits counted and summed (cents, as numbers): all, and unclaimed. */
export async function totalMemberBenefitRows(
  db: Database,
  personUserId: number,
): Promise<{
  totalBenefits: number;
  totalAmountCents: number;
  unclaimedBenefits: number;
  unclaimedAmountCents: number;
}> {
  const [row] = await db
    .select({
      totalBenefits: sql<number>`count(*)::int`,
      totalAmountCents: sql<string>`coalesce(sum(${benefits.amountCents}), 0)`,
      unclaimedBenefits: sql<number>`(count(*) filter (where ${benefits.status} = 'unclaimed'))::int`,
      unclaimedAmountCents: sql<string>`coalesce(sum(${benefits.amountCents}) filter (where ${benefits.status} = 'unclaimed'), 0)`,
    })
    .from(benefits)
    .innerJoin(personUsers, eq(personUsers.personId, benefits.personId))
    .where(eq(personUsers.id, personUserId));
  return {
    totalBenefits: Number(row?.totalBenefits ?? 0),
    totalAmountCents: Number(row?.totalAmountCents ?? 0),
    unclaimedBenefits: Number(row?.unclaimedBenefits ?? 0),
    unclaimedAmountCents: Number(row?.unclaimedAmountCents ?? 0),
  };
}
