import type { Database } from '../../db/client.js';
import {
  findPersonIdsByIdNumber,
  type PersonFromFundData,
  personRowsOf,
  setDeceasedOn,
  upsertPersons,
} from './persons.repository.js';

export type { PersonFromFundData } from './persons.repository.js';

const CHUNK = 500;

/**
 * Inserts persons by ID number, or refreshes names and contact details of those already known
 * (newer fund data wins; a missing email or phone keeps the one on record): the person upsert of
 * a member file's load (`upsertPersons`, `on-conflict`), over a VALUES list, 500 persons a
 * statement.
 * @returns the person id for each ID number
 */
export async function upsertPersonsByIdNumber(
  db: Database,
  people: readonly PersonFromFundData[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let start = 0; start < people.length; start += CHUNK) {
    const chunk = people.slice(start, start + CHUNK);
    await upsertPersons(db, personRowsOf(chunk), 'on-conflict');
    for (const [idNumber, id] of await findPersonIdsByIdNumber(
      db,
      chunk.map((p) => p.idNumber),
    ))
      ids.set(idNumber, id);
  }
  return ids;
}

/**
 * Records that the population register found the person deceased (issue 17), on `deceasedOn`
 * (`YYYY-MM-DD`). Their benefits are flagged for the dependants' process by the benefits service.
 */
export async function recordDeath(db: Database, personId: number, deceasedOn: string): Promise<void> {
  await setDeceasedOn(db, personId, deceasedOn);
}

export { findPersonIdsByIdNumber };
