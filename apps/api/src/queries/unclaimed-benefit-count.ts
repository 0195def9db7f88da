import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefits } from '../db/schema/benefits.js';
import { persons } from '../db/schema/persons.js';

/** The search's count, built once and prepared by name (issue 22 item 5: no query building per search). */
function prepareUnclaimedCount(db: Database) {
  return db
    .select({ value: count() })
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .where(and(eq(persons.idNumber, sql.placeholder('idNumber')), eq(benefits.status, 'unclaimed')))
    .prepare('count_unclaimed_benefits');
}
const unclaimedCounts = new WeakMap<Database, ReturnType<typeof prepareUnclaimedCount>>();

/**
 * The member search's read model (spec 2): how many unclaimed benefits wait for an ID number
 * (benefits joined to persons), one indexed query prepared once per database (a named statement
 * on PostgreSQL). Read only.
 * @param idNumber a validated 13-digit SA ID number
 */
export async function countUnclaimedByIdNumber(db: Database, idNumber: string): Promise<number> {
  let prepared = unclaimedCounts.get(db);
  if (!prepared) {
    prepared = prepareUnclaimedCount(db);
    unclaimedCounts.set(db, prepared);
  }
  const [row] = await prepared.execute({ idNumber });
  return row?.value ?? 0;
}
