import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { persons } from '../../db/schema/index.js';

/** A person as fund data describes them. `idNumber` must already be validated. */
export interface PersonFromFundData {
  idNumber: string;
  firstName: string;
  lastName: string;
  /** ISO date `YYYY-MM-DD`. */
  dateOfBirth: string;
  gender: 'female' | 'male';
  email: string | null;
  /** E.164 or null. */
  phoneNumber: string | null;
}

const CHUNK = 500;

/**
 * Inserts persons by ID number, or refreshes names and contact details of those already known
 * (newer fund data wins; a missing email or phone keeps the one on record).
 * @returns the person id for each ID number
 */
export async function upsertPersonsByIdNumber(
  db: Database,
  people: readonly PersonFromFundData[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let start = 0; start < people.length; start += CHUNK) {
    const chunk = people.slice(start, start + CHUNK);
    const rows = await db
      .insert(persons)
      .values(chunk)
      .onConflictDoUpdate({
        target: persons.idNumber,
        set: {
          firstName: sql`excluded.first_name`,
          lastName: sql`excluded.last_name`,
          email: sql`coalesce(excluded.email, ${persons.email})`,
          phoneNumber: sql`coalesce(excluded.phone_number, ${persons.phoneNumber})`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: persons.id, idNumber: persons.idNumber });
    for (const row of rows) ids.set(row.idNumber, row.id);
  }
  return ids;
}

/** Person ids for the given ID numbers (unknown ones are absent from the map). */
export async function findPersonIdsByIdNumber(
  db: Database,
  idNumbers: readonly string[],
): Promise<Map<string, number>> {
  if (idNumbers.length === 0) return new Map();
  const rows = await db
    .select({ id: persons.id, idNumber: persons.idNumber })
    .from(persons)
    .where(inArray(persons.idNumber, [...idNumbers]));
  return new Map(rows.map((row) => [row.idNumber, row.id]));
}

/**
 * Records that the population register found the person deceased (issue 17), on `deceasedOn`
 * (`YYYY-MM-DD`). Their benefits are flagged for the dependants' process by the benefits service.
 */
export async function recordDeath(db: Database, personId: number, deceasedOn: string): Promise<void> {
  await db.update(persons).set({ deceasedOn }).where(sql`${persons.id} = ${personId}`);
}
