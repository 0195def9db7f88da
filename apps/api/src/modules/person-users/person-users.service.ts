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
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  type PersonUserProfile,
  type PersonUserRecord,
  selectOpenPersonUserRecordBy,
  selectPersonUserProfile,
  selectPersonUserRecord,
} from '../../queries/member-accounts.js';
import {
  emailTaken,
  incrementFailedLogins,
  messageChannelOfPersonUserSql,
  selectMessagePreferences,
  setIdentityVerified,
  setLanguage,
  updatePersonUser,
} from './person-users.repository.js';

export type { PersonUserProfile, PersonUserRecord };

/** The person user with their person's details, or `undefined` when there is no such person user. */
export async function findPersonUserProfile(
  db: Database,
  personUserId: number,
): Promise<PersonUserProfile | undefined> {
  return selectPersonUserProfile(db, personUserId);
}

/**
 * A person user's message channel (`'sms'` when their two-factor method is SMS, else `'email'`)
 * as a scalar subquery, for a statement of another module (a notification's deliveries; decision 071).
 */
export function messageChannelOfPersonUser(personUserId: number): SQL<'sms' | 'email'> {
  return messageChannelOfPersonUserSql(personUserId);
}

/**
 * How person users are written to: their two-factor method (email or SMS), language (decision 036)
 * and their email and phone number (E.164), each `null` when not given.
 */
export interface MessagePreferences {
  twoFactorMethod: 'SMS' | 'EMAIL';
  /** Where their email/SMS messages go: `'sms'` when the two-factor method is SMS, else `'email'`. */
  channel: 'sms' | 'email';
  language: MemberLanguage;
  email: string | null;
  phoneNumber: string | null;
}

/** The `MessagePreferences` of many person users, by person user id (unknown ids are left out). */
export async function findMessagePreferences(
  db: Database,
  personUserIds: readonly number[],
): Promise<Map<number, MessagePreferences>> {
  return selectMessagePreferences(db, personUserIds);
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
  return setIdentityVerified(db, personUserId, at);
}

/** The person user with this id, or `undefined`. */
export async function findPersonUserById(db: Database, personUserId: number): Promise<PersonUserRecord | undefined> {
  return selectPersonUserRecord(db, personUserId);
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
  const by = id.valid
    ? { idNumber: id.idNumber }
    : trimmed.includes('@')
      ? { email: trimmed.toLowerCase() }
      : undefined;
  if (!by) return undefined;
  // A closed account (issue 18) is no longer found: it cannot sign in or reset its password.
  return selectOpenPersonUserRecordBy(db, by);
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
  await setLanguage(db, personUserId, language);
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
  if (!destination)
    throw new AppError('conflict', PERSON_ADMIN_MESSAGES.noPinDestination, undefined, { code: 'no_pin_destination' });
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
  if (!profile.iidentifiiVerified)
    throw new AppError('forbidden', CLAIM_MESSAGES.identityFirst, undefined, {
      code: 'identity_verification_required',
    });
  return profile;
}

/** Whether a person user other than `exceptId` (any when omitted) has this email. */
export async function isEmailTaken(db: Database, email: string, exceptId?: number): Promise<boolean> {
  return emailTaken(db, email, exceptId);
}

/**
 * Counts a failed sign-in (wrong password) against the person user.
 * @returns the consecutive failures so far (`undefined` when there is no such person user)
 */
export async function recordFailedSignIn(db: Database, personUserId: number): Promise<number | undefined> {
  return incrementFailedLogins(db, personUserId);
}

/** Forgets the failed sign-ins after a right password. */
export async function clearFailedSignIns(db: Database, personUserId: number): Promise<void> {
  await updatePersonUser(db, personUserId, { failedLoginCount: 0 });
}

/** Locks the account (too many failed sign-ins) as of `at`. */
export async function lockPersonUser(db: Database, personUserId: number, at: Date = new Date()): Promise<void> {
  await updatePersonUser(db, personUserId, { lockedAt: at });
}

/** Records that a PIN sent by this channel reached the member: their email or phone is proven as of `at`. */
export async function markContactProven(
  db: Database,
  personUserId: number,
  channel: 'SMS' | 'EMAIL',
  at: Date,
): Promise<void> {
  await updatePersonUser(db, personUserId, channel === 'EMAIL' ? { emailVerifiedAt: at } : { phoneVerifiedAt: at });
}

/** Sets a new password (already hashed) as of `at`, clearing failed sign-ins and the lock (password reset). */
export async function setPersonUserPassword(
  db: Database,
  personUserId: number,
  passwordHash: string,
  at: Date,
): Promise<void> {
  await updatePersonUser(db, personUserId, {
    passwordHash,
    passwordChangedAt: at,
    failedLoginCount: 0,
    lockedAt: null,
  });
}

/** A password hash no password matches (not an argon2 string): a closed account cannot sign in. */
const CLOSED_PASSWORD_HASH = '!account-closed';

/**
 * Erases a closing account's email, phone and password and marks it locked and closed as of
 * `closedAt` (issue 18); call it in the closing transaction.
 */
export async function markPersonUserClosed(db: Database, personUserId: number, closedAt: Date): Promise<void> {
  await updatePersonUser(db, personUserId, {
    email: null,
    emailVerifiedAt: null,
    phoneNumber: null,
    phoneVerifiedAt: null,
    passwordHash: CLOSED_PASSWORD_HASH,
    lockedAt: closedAt,
    closedAt,
    updatedAt: closedAt,
  });
}

/**
 * Sets the member's two-factor method with its destination (email or phone number) and when that
 * destination was proven by a PIN.
 */
export async function setTwoFactorContact(
  db: Database,
  personUserId: number,
  contact:
    | { twoFactorMethod: 'EMAIL'; email: string; emailVerifiedAt: Date | null }
    | { twoFactorMethod: 'SMS'; phoneNumber: string; phoneVerifiedAt: Date | null },
): Promise<void> {
  await updatePersonUser(db, personUserId, contact);
}
