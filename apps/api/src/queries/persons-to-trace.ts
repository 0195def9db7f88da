import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/result-rows.js';

/*
 * Read model (issue 35 item 3): the persons a tracing partner is asked to find (issue 17), for the
 * partner files: the partner's funds (partner_funds), their unclaimed benefits, the persons, the
 * fund names, and whether a person has an account (person_users) or a traced contact
 * (contact_candidates). Reads only.
 */

/** One person a tracing partner is asked to find, as the partner file lists them (full ID number). */
export interface PersonToTrace {
  personId: number;
  idNumber: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  fund: string;
  memberNumber: string;
}

/**
 * The persons of a partner's funds who still need tracing (issue 17): an unclaimed benefit not in
 * the dependants' process, no account, no phone or email given, none traced, not deceased.
 * Everything but the person columns (`select ...`) and the order is shared by the count and the pages.
 */
function needTracing(partnerId: number) {
  return sql`
    from partner_funds pf
    join benefits b on b.fund_id = pf.fund_id and b.status = 'unclaimed' and b.dependants_process_at is null
    join persons p on p.id = b.person_id
    join funds f on f.id = b.fund_id
    where pf.partner_id = ${partnerId}
      and p.deceased_on is null and p.email is null and p.phone_number is null
      and not exists (select 1 from person_users pu where pu.person_id = p.id)
      and not exists (select 1 from contact_candidates c where c.person_id = p.id)`;
}

/** How many persons of the partner's funds need tracing. */
export async function countPersonsToTrace(db: Database, partnerId: number): Promise<number> {
  const result = await db.execute(sql`select count(distinct p.id)::int as count ${needTracing(partnerId)}`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

/** The persons to trace, by person id, `pageSize` at a time (keyset pages: memory stays flat). */
export async function* personsToTrace(db: Database, partnerId: number, pageSize = 1000): AsyncGenerator<PersonToTrace> {
  let after = 0;
  for (;;) {
    const result = await db.execute(sql`
      select distinct on (p.id) p.id as "personId", p.id_number as "idNumber", p.first_name as "firstName",
        p.last_name as "lastName", p.date_of_birth::text as "dateOfBirth", f.name as fund, b.member_number as "memberNumber"
      ${needTracing(partnerId)} and p.id > ${after}
      order by p.id, b.id
      limit ${pageSize}`);
    const page = rowsOf<PersonToTrace>(result);
    for (const row of page) yield { ...row, personId: Number(row.personId) };
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = Number(last.personId);
  }
}
