/**
 * Read model (issue 35 item 3): a member account (person_users) with its person's name and ID
 * number (persons), as sign-in, messages, identity checks and the audit log need it. Joins two
 * domains, so it lives here rather than in either module (which breaks the persons <-> person-users
 * import cycle). Read only.
 */
import type { MemberLanguage } from '@bcp/contract';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefits } from '../db/schema/benefits.js';
import { personUsers } from '../db/schema/person-users.js';
import { persons } from '../db/schema/persons.js';

/** The person behind a person user, as identity checks and messages need it. */
export interface PersonUserProfile {
  personUserId: number;
  personId: number;
  /** Full 13-digit ID number: for identity providers only, never for logs or screens. */
  idNumber: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  twoFactorMethod: 'SMS' | 'EMAIL';
  iidentifiiVerified: boolean;
  /** The language of the member's messages (decision 036). */
  language: MemberLanguage;
}

/** The person user with their person's details, or `undefined` when there is no such person user. */
export async function selectPersonUserProfile(
  db: Database,
  personUserId: number,
): Promise<PersonUserProfile | undefined> {
  const [row] = await db
    .select({
      personUserId: personUsers.id,
      personId: persons.id,
      idNumber: persons.idNumber,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: personUsers.email,
      phoneNumber: personUsers.phoneNumber,
      twoFactorMethod: personUsers.twoFactorMethod,
      iidentifiiVerified: personUsers.iidentifiiVerified,
      language: personUsers.language,
    })
    .from(personUsers)
    .innerJoin(persons, eq(persons.id, personUsers.personId))
    .where(eq(personUsers.id, personUserId));
  return row;
}

/** A person user's row with their person's first name and ID number, for sign-in and account changes. */
export type PersonUserRecord = typeof personUsers.$inferSelect & { firstName: string; idNumber: string };

const recordColumns = { personUser: personUsers, firstName: persons.firstName, idNumber: persons.idNumber };

async function selectRecord(db: Database, where: SQL | undefined): Promise<PersonUserRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(personUsers)
    .innerJoin(persons, eq(persons.id, personUsers.personId))
    .where(where);
  return row && { ...row.personUser, firstName: row.firstName, idNumber: row.idNumber };
}

/** The person user with this id, or `undefined`. */
export async function selectPersonUserRecord(
  db: Database,
  personUserId: number,
): Promise<PersonUserRecord | undefined> {
  return selectRecord(db, eq(personUsers.id, personUserId));
}

/**
 * The open (not closed) person user whose person has this ID number, or whose email is this one
 * (already lower-case); `undefined` when none.
 */
export async function selectOpenPersonUserRecordBy(
  db: Database,
  by: { idNumber: string } | { email: string },
): Promise<PersonUserRecord | undefined> {
  const condition = 'idNumber' in by ? eq(persons.idNumber, by.idNumber) : eq(personUsers.email, by.email);
  return selectRecord(db, and(condition, isNull(personUsers.closedAt)));
}

/** Members' names (`First Last`) by member account id (person_users.id); unknown ids left out. */
export async function selectMemberNames(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: personUsers.id, firstName: persons.firstName, lastName: persons.lastName })
    .from(personUsers)
    .innerJoin(persons, eq(persons.id, personUsers.personId))
    .where(inArray(personUsers.id, [...ids]));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
}

/** The id of the person with this ID number, or `undefined`. */
export async function selectPersonIdByIdNumber(db: Database, idNumber: string): Promise<number | undefined> {
  const [row] = await db.select({ id: persons.id }).from(persons).where(eq(persons.idNumber, idNumber));
  return row?.id;
}

/** The id of a benefit's person, or `undefined` when there is no such benefit. */
export async function selectBenefitPersonId(db: Database, benefitId: number): Promise<number | undefined> {
  const [row] = await db.select({ personId: benefits.personId }).from(benefits).where(eq(benefits.id, benefitId));
  return row?.personId;
}

/** A person's member account id (`null` when the person has none), or `undefined` when there is no such person. */
export async function selectPersonAccount(
  db: Database,
  personId: number,
): Promise<{ personUserId: number | null } | undefined> {
  const [row] = await db
    .select({ personUserId: personUsers.id })
    .from(persons)
    .leftJoin(personUsers, eq(personUsers.personId, persons.id))
    .where(eq(persons.id, personId));
  return row;
}
