import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { persons, personUsers } from '../../db/schema/index.js';

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
    })
    .from(personUsers)
    .innerJoin(persons, eq(persons.id, personUsers.personId))
    .where(eq(personUsers.id, personUserId));
  return row;
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
