import {
  CLAIM_MESSAGES,
  type MemberLanguage,
  maskEmail,
  maskPhoneNumber,
  maskSaIdNumber,
  PERSON_ADMIN_MESSAGES,
  type PersonUserResponse,
  parseSaIdNumber,
} from '@bcp/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { persons, personUsers } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors/app-error.js';

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
export async function findPersonUserProfile(
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

/** How many person users are written to: their two-factor method (email or SMS) and language (decision 036). */
export interface MessagePreferences {
  twoFactorMethod: 'SMS' | 'EMAIL';
  language: MemberLanguage;
}

/** The `MessagePreferences` of many person users, by person user id (unknown ids are left out). */
export async function findMessagePreferences(
  db: Database,
  personUserIds: readonly number[],
): Promise<Map<number, MessagePreferences>> {
  if (personUserIds.length === 0) return new Map();
  const rows = await db
    .select({ id: personUsers.id, twoFactorMethod: personUsers.twoFactorMethod, language: personUsers.language })
    .from(personUsers)
    .where(inArray(personUsers.id, [...personUserIds]));
  return new Map(rows.map(({ id, ...preferences }) => [id, preferences]));
}

/**
 * Records that the identity provider confirmed this person user (spec 3 `iidentifiiVerified`).
 * Idempotent: a second call keeps the first time.
 * @returns whether this call changed the flag
 */
export async function markIdentityVerified(
  db: Database,
  personUserId: number,
  at: Date = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(personUsers)
    .set({ iidentifiiVerified: true, iidentifiiVerifiedAt: at })
    .where(and(eq(personUsers.id, personUserId), eq(personUsers.iidentifiiVerified, false)))
    .returning({ id: personUsers.id });
  return rows.length > 0;
}

/** A person user's row with their person's first name, for sign-in and account changes. */
export type PersonUserRecord = typeof personUsers.$inferSelect & { firstName: string; idNumber: string };

const recordColumns = { personUser: personUsers, firstName: persons.firstName, idNumber: persons.idNumber };

/** The person user with this id, or `undefined`. */
export async function findPersonUserById(db: Database, personUserId: number): Promise<PersonUserRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(personUsers)
    .innerJoin(persons, eq(persons.id, personUsers.personId))
    .where(eq(personUsers.id, personUserId));
  return row && { ...row.personUser, firstName: row.firstName, idNumber: row.idNumber };
}

/**
 * The person user a member names when signing in or resetting: a valid SA ID number, or an
 * email (case-insensitive). `undefined` when there is none.
 */
export async function findPersonUserByIdentifier(
  db: Database,
  identifier: string,
): Promise<PersonUserRecord | undefined> {
  const trimmed = identifier.trim();
  const id = parseSaIdNumber(trimmed);
  const condition = id.valid
    ? eq(persons.idNumber, id.idNumber)
    : trimmed.includes('@')
      ? eq(personUsers.email, trimmed.toLowerCase())
      : undefined;
  if (!condition) return undefined;
  const [row] = await db
    .select(recordColumns)
    .from(personUsers)
    .innerJoin(persons, eq(persons.id, personUsers.personId))
    // A closed account (issue 18) is no longer found: it cannot sign in or reset its password.
    .where(and(condition, isNull(personUsers.closedAt)));
  return row && { ...row.personUser, firstName: row.firstName, idNumber: row.idNumber };
}

/** The app's view of a person user (spec section 3): never the password hash or counters. */
export function toPersonUserResponse(user: PersonUserRecord): PersonUserResponse {
  return {
    id: user.id,
    email: user.email,
    phoneNumber: user.phoneNumber,
    twoFactorMethod: user.twoFactorMethod,
    iidentifiiVerified: user.iidentifiiVerified,
    firstName: user.firstName,
    idNumber: user.idNumber,
    language: user.language,
  };
}

/**
 * Records the language of the member's messages (decision 036, `PUT person-users/{id}/language`).
 * @returns the updated person user's record (the route answers it whole or masked, as the session allows)
 * @throws AppError `not_found` (404) when the person user is gone
 */
export async function updateMemberLanguage(
  db: Database,
  personUserId: number,
  language: MemberLanguage,
): Promise<PersonUserRecord> {
  await db.update(personUsers).set({ language, updatedAt: new Date() }).where(eq(personUsers.id, personUserId));
  const user = await findPersonUserById(db, personUserId);
  if (!user) throw new AppError('not_found', 'Not found.');
  return user;
}

/**
 * The person user for a session that passed the password but not yet the PIN (issue 13 item 7):
 * only what the PIN screen needs, and that masked: the ID number's last 4 digits, the email as
 * `no***@example.co.za`, the phone as `+27 ** *** *567`. After the PIN the whole person user is
 * answered (`toPersonUserResponse`).
 */
export function toPendingPersonUserResponse(user: PersonUserRecord): PersonUserResponse {
  return {
    ...toPersonUserResponse(user),
    email: user.email === null ? null : maskEmail(user.email),
    phoneNumber: user.phoneNumber === null ? null : maskPhoneNumber(user.phoneNumber),
    idNumber: maskSaIdNumber(user.idNumber),
  };
}

/**
 * Where the person user's PINs go: the destination of their two-factor method.
 * @throws AppError `conflict` (409) when it is gone (an account closed by staff keeps no contact details)
 */
export function twoFactorDestination(user: PersonUserRecord): { channel: 'SMS' | 'EMAIL'; destination: string } {
  const destination = user.twoFactorMethod === 'EMAIL' ? user.email : user.phoneNumber;
  if (!destination) throw new AppError('conflict', PERSON_ADMIN_MESSAGES.noPinDestination);
  return { channel: user.twoFactorMethod, destination };
}

/**
 * The member's profile when the identity provider has confirmed them (spec 6: access to benefits
 * needs iidentifiiVerified as well as the sign-in PIN).
 * @throws AppError `forbidden` (403) before the identity check passed; `unauthenticated` (401) for
 *   a person user that no longer exists
 */
export async function requireIdentityVerified(db: Database, personUserId: number): Promise<PersonUserProfile> {
  const profile = await findPersonUserProfile(db, personUserId);
  if (!profile) throw new AppError('unauthenticated', 'Please sign in.');
  if (!profile.iidentifiiVerified) throw new AppError('forbidden', CLAIM_MESSAGES.identityFirst);
  return profile;
}
