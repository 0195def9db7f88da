import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefits } from '../db/schema/benefits.js';
import { persons } from '../db/schema/persons.js';

/**
 * Read model (issue 35 item 3): the person a benefit belongs to, as a bank match checks it (ID
 * number, first name, last name), or undefined when the benefit is gone. Read only.
 */
export async function benefitHolder(
  db: Database,
  benefitId: number,
): Promise<{ idNumber: string; firstName: string; lastName: string } | undefined> {
  const [row] = await db
    .select({ idNumber: persons.idNumber, firstName: persons.firstName, lastName: persons.lastName })
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .where(eq(benefits.id, benefitId));
  return row;
}
