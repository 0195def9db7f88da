import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { persons, personUsers } from '../../db/schema/index.js';

/** Members' names (`First Last`) by member account id (person_users.id), for the audit log (issue 36 item 5). */
export async function memberNames(db: Database, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: personUsers.id, firstName: persons.firstName, lastName: persons.lastName })
    .from(personUsers)
    .innerJoin(persons, eq(persons.id, personUsers.personId))
    .where(inArray(personUsers.id, wanted));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
}
