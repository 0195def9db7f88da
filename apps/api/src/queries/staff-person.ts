/**
 * Read model (issue 35 item 3): a person as the back office shows them (issue 18), with whether
 * they have a member account (persons and person_users). Read only.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { personUsers } from '../db/schema/person-users.js';
import { persons } from '../db/schema/persons.js';

/** A person's row. */
export type StaffPersonRow = typeof persons.$inferSelect;

/** The person and whether a member account is theirs, or undefined when there is no such person. */
export async function findPersonWithAccount(
  db: Database,
  personId: number,
): Promise<{ row: StaffPersonRow; hasAccount: boolean } | undefined> {
  const [found] = await db
    .select({ person: persons, personUserId: personUsers.id })
    .from(persons)
    .leftJoin(personUsers, eq(personUsers.personId, persons.id))
    .where(eq(persons.id, personId));
  return found ? { row: found.person, hasAccount: found.personUserId !== null } : undefined;
}
