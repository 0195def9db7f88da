import type { MemberLanguage } from '@bcp/contract';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { personUsers } from '../../db/schema/person-users.js';

/**
 * The person-users module's data access (issue 35 item 1): the only file that reads or writes
 * `person_users`. Reads joined with persons live in queries/member-accounts.ts.
 */

/** A `person_users` row. */
export type PersonUserRow = typeof personUsers.$inferSelect;

/** The columns a sign-up writes. */
export type NewPersonUser = typeof personUsers.$inferInsert;

/**
 * The rule of a person user's email/SMS channel, written once: `'sms'` when their two-factor
 * method is SMS, else `'email'`.
 */
const MESSAGE_CHANNEL = sql<
  'sms' | 'email'
>`case when ${personUsers.twoFactorMethod} = 'SMS' then 'sms' else 'email' end`;

/**
 * A person user's message channel (`MESSAGE_CHANNEL`) as a scalar subquery, `'email'` for an
 * unknown id, for another module's statement (decision 071).
 */
export function messageChannelOfPersonUserSql(personUserId: number): SQL<'sms' | 'email'> {
  return sql<
    'sms' | 'email'
  >`coalesce((select ${MESSAGE_CHANNEL} from ${personUsers} where ${personUsers.id} = ${personUserId}::bigint), 'email')`;
}

/** Two-factor method, message channel (`MESSAGE_CHANNEL`), language, email and phone number of many person users, by id (unknown ids left out). */
export async function selectMessagePreferences(
  db: Database,
  personUserIds: readonly number[],
): Promise<
  Map<
    number,
    {
      twoFactorMethod: 'SMS' | 'EMAIL';
      channel: 'sms' | 'email';
      language: MemberLanguage;
      email: string | null;
      phoneNumber: string | null;
    }
  >
> {
  if (personUserIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: personUsers.id,
      twoFactorMethod: personUsers.twoFactorMethod,
      channel: MESSAGE_CHANNEL,
      language: personUsers.language,
      email: personUsers.email,
      phoneNumber: personUsers.phoneNumber,
    })
    .from(personUsers)
    .where(inArray(personUsers.id, [...personUserIds]));
  return new Map(rows.map(({ id, ...preferences }) => [id, preferences]));
}

/** The language of a person user's messages (decision 036), or `undefined` for an unknown id. */
export async function selectLanguage(db: Database, personUserId: number): Promise<MemberLanguage | undefined> {
  const [row] = await db
    .select({ language: personUsers.language })
    .from(personUsers)
    .where(eq(personUsers.id, personUserId));
  return row?.language;
}

/** Sets `iidentifiiVerified` (and when) unless already set. @returns whether it changed */
export async function setIdentityVerified(db: Database, personUserId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(personUsers)
    .set({ iidentifiiVerified: true, iidentifiiVerifiedAt: at })
    .where(and(eq(personUsers.id, personUserId), eq(personUsers.iidentifiiVerified, false)))
    .returning({ id: personUsers.id });
  return rows.length > 0;
}

/** Sets the language of the member's messages. */
export async function setLanguage(db: Database, personUserId: number, language: MemberLanguage): Promise<void> {
  await db.update(personUsers).set({ language, updatedAt: new Date() }).where(eq(personUsers.id, personUserId));
}

/** The person user of a person, or `undefined`. */
export async function selectPersonUserOfPerson(db: Database, personId: number): Promise<PersonUserRow | undefined> {
  const [user] = await db.select().from(personUsers).where(eq(personUsers.personId, personId));
  return user;
}

/** Whether another person user (not `exceptId`) has this email. */
export async function emailTaken(db: Database, email: string, exceptId?: number): Promise<boolean> {
  const [owner] = await db
    .select({ id: personUsers.id })
    .from(personUsers)
    .where(
      exceptId === undefined
        ? eq(personUsers.email, email)
        : and(eq(personUsers.email, email), ne(personUsers.id, exceptId)),
    );
  return owner !== undefined;
}

/** Inserts a person user. @returns its id */
export async function insertPersonUser(db: Database, values: NewPersonUser): Promise<number> {
  const [row] = await db.insert(personUsers).values(values).returning({ id: personUsers.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Changes columns of a person user (contact details, verification times, password, lock, closing). */
export async function updatePersonUser(
  db: Database,
  personUserId: number,
  changes: Partial<Omit<NewPersonUser, 'id' | 'personId'>>,
): Promise<void> {
  await db.update(personUsers).set(changes).where(eq(personUsers.id, personUserId));
}

/** Adds one to the failed sign-in count. @returns the new count (undefined when no such person user) */
export async function incrementFailedLogins(db: Database, personUserId: number): Promise<number | undefined> {
  const [counted] = await db
    .update(personUsers)
    .set({ failedLoginCount: sql`${personUsers.failedLoginCount} + 1` })
    .where(eq(personUsers.id, personUserId))
    .returning({ failedLoginCount: personUsers.failedLoginCount });
  return counted?.failedLoginCount;
}
