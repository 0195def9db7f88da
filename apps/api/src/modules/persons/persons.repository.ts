import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { affectedRowsOf } from '../../db/result-rows.js';
import { persons } from '../../db/schema/persons.js';

/**
 * Rows to load into persons: a query (a subquery, never run alone) whose columns are `line`
 * (later lines win), `id_number`, `first_name`, `last_name`, `date_of_birth` (date), `gender`,
 * `email` and `phone_number`. A member file's staging rows (`stagedRows` of file-uploads) or a
 * VALUES list (`personRowsOf`).
 */
export type PersonRows = SQL;

/** How a set is loaded: `plain` (update the known, insert the new; fails on a concurrent insert) or `on-conflict`. */
export type LoadMode = 'plain' | 'on-conflict';

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

/**
 * Persons as `PersonRows`: a VALUES list, one line per person in the order given (the last of a
 * repeated ID number wins, as in a file). `people` must not be empty.
 */
export function personRowsOf(people: readonly PersonFromFundData[]): PersonRows {
  const values = people.map(
    (p, index) =>
      sql`(${index + 1}::int, ${p.idNumber}::text, ${p.firstName}::text, ${p.lastName}::text, ${p.dateOfBirth}::date, ${p.gender}::text, ${p.email}::text, ${p.phoneNumber}::text)`,
  );
  return sql`select * from (values ${sql.join(values, sql`, `)}) as v(line, id_number, first_name, last_name, date_of_birth, gender, email, phone_number)`;
}

/** The last row for each ID number (what persons get). */
const latestRows = (rows: PersonRows) => sql`
  select distinct on (r.id_number)
    r.id_number, r.first_name, r.last_name, r.date_of_birth, r.gender, r.email, r.phone_number
  from (${rows}) r`;
const latestOrder = sql`order by r.id_number, r.line desc`;
/** Persons' names and contact details from the rows (a missing email or phone keeps the one on record). */
const personUpdate = (p: string, r: string) =>
  sql.raw(`first_name = ${r}.first_name, last_name = ${r}.last_name,
    email = coalesce(${r}.email, ${p}.email), phone_number = coalesce(${r}.phone_number, ${p}.phone_number),
    updated_at = now()`);

/**
 * The person upsert, the one rule for a file of a million rows or one person: persons by ID
 * number, names and contact details of the known ones refreshed (a missing email or phone keeps
 * the one on record), the new ones inserted; the last row wins for a repeated ID number.
 * `plain` (decision 023): the known updated, then the new inserted without `ON CONFLICT` (no
 * speculative insertion: about 40% of the insert); it raises a unique violation when another
 * writer inserted one of the same persons meanwhile (run it in a savepoint, then again with
 * `on-conflict`). `on-conflict`: `INSERT ... ON CONFLICT`, safe beside other writers.
 * Every person of the rows is locked (written) until the transaction ends.
 */
export async function upsertPersons(tx: Database, rows: PersonRows, mode: LoadMode): Promise<void> {
  if (mode === 'plain') {
    await tx.execute(sql`
      update persons p set ${personUpdate('p', 'r')}
      from (${latestRows(rows)} ${latestOrder}) r
      where p.id_number = r.id_number`);
    await tx.execute(sql`
      insert into persons (id_number, first_name, last_name, date_of_birth, gender, email, phone_number)
      ${latestRows(rows)} where not exists (select 1 from persons known where known.id_number = r.id_number)
      ${latestOrder}`);
    return;
  }
  await tx.execute(sql`
    insert into persons (id_number, first_name, last_name, date_of_birth, gender, email, phone_number)
    ${latestRows(rows)}
    ${latestOrder}
    on conflict (id_number) do update set ${personUpdate('persons', 'excluded')}`);
}

/**
 * A member file's valid staging rows (`stagedRows` of file-uploads: `PersonRows`'s columns) into
 * persons, set-based, by the person upsert (`upsertPersons`); see there for `mode`.
 */
export function loadFromStaging(tx: Database, staged: PersonRows, mode: LoadMode): Promise<void> {
  return upsertPersons(tx, staged, mode);
}

/**
 * Rows with their person's id: `rows` (any query with an `id_number` column) joined to persons by
 * ID number, plus `person_id`; rows of unknown ID numbers are left out. A subquery for a set-based
 * load of another domain (the benefits of a member file).
 */
export function withPersonIds(rows: SQL): SQL {
  return sql`select r.*, p.id as person_id from (${rows}) r join persons p on p.id_number = r.id_number`;
}

/**
 * The persons known, by ID number, as a relation for another module's set-based statement to join
 * (a subquery, never run alone): columns `id_number` (text, unique), `first_name` and `last_name`
 * (text): `select id_number, first_name, last_name from persons`.
 */
export function knownPersonsRelation(): SQL {
  return sql`select id_number, first_name, last_name from persons`;
}

/**
 * Trace results' contact details (`rows`: `line`, `id_number`, `email`, `phone_number`) on the
 * persons known, set-based: the last row for each ID number; a missing email or phone keeps the
 * one on record. Unknown ID numbers are skipped.
 * @returns persons updated
 */
export async function updateContactsFromStaging(tx: Database, rows: SQL): Promise<number> {
  const result = await tx.execute(sql`
    update persons p set
      email = coalesce(r.email, p.email),
      phone_number = coalesce(r.phone_number, p.phone_number),
      updated_at = now()
    from (
      select distinct on (r.id_number) r.id_number, r.email, r.phone_number
      from (${rows}) r
      ${latestOrder}
    ) r
    where p.id_number = r.id_number`);
  return affectedRowsOf(result);
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

/** Sets a person's date of death (`YYYY-MM-DD`). */
export async function setDeceasedOn(db: Database, personId: number, deceasedOn: string): Promise<void> {
  await db.update(persons).set({ deceasedOn }).where(sql`${persons.id} = ${personId}`);
}

/** A person's row. */
export type PersonRow = typeof persons.$inferSelect;

/**
 * Sets a person's names and contact details (those given; `null` clears a contact detail) and
 * `updated_at`.
 * @returns the row after, or undefined when there is no such person
 */
export async function updatePersonDetails(
  db: Database,
  personId: number,
  changes: Partial<Pick<PersonRow, 'firstName' | 'lastName' | 'email' | 'phoneNumber'>>,
): Promise<PersonRow | undefined> {
  const [after] = await db
    .update(persons)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(persons.id, personId))
    .returning();
  return after;
}

/** What a look-up (enrichment, issue 17) needs of a person. */
export type PersonForLookup = Pick<
  PersonRow,
  'id' | 'idNumber' | 'firstName' | 'lastName' | 'dateOfBirth' | 'deceasedOn'
>;

/** The persons of `ids` (unknown ids left out), with what a look-up needs. */
export function findPersonsForLookup(db: Database, ids: readonly number[]): Promise<PersonForLookup[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: persons.id,
      idNumber: persons.idNumber,
      firstName: persons.firstName,
      lastName: persons.lastName,
      dateOfBirth: persons.dateOfBirth,
      deceasedOn: persons.deceasedOn,
    })
    .from(persons)
    .where(inArray(persons.id, [...ids]));
}
