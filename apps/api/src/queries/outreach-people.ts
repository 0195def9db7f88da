import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/result-rows.js';
import { outreachInvitations } from '../db/schema/outreach.js';
import { persons } from '../db/schema/persons.js';

// Read model of outreach's people (issue 17, issue 35 item 3): who to invite, who a reply or link
// is from. Reads persons, benefits, contact candidates, person users and outreach; writes nothing.

/** A person to invite: id, first name and the phone and email to use (either may be null). */
export interface Invitee {
  id: number;
  firstName: string;
  phone: string | null;
  email: string | null;
}

/**
 * Persons of the fund to invite now: an unclaimed benefit of the fund not in the dependants'
 * process, not deceased, no account, not opted out, no invitation in the last `intervalDays` days, and a phone
 * or email (given by the fund, else the most confident traced one). In quiet hours only those with
 * an email (no SMS then). Oldest persons first.
 */
export async function findInvitees(
  db: Database,
  fundId: number,
  now: Date,
  quiet: boolean,
  limit: number,
  intervalDays: number,
): Promise<Invitee[]> {
  const since = new Date(now.getTime() - intervalDays * 86_400_000);
  const best = (channel: 'phone' | 'email') =>
    sql`(select c.value from contact_candidates c where c.person_id = p.id and c.channel = ${channel}
         order by c.confidence desc, c.id limit 1)`;
  const result = await db.execute(sql`
    select * from (
      select p.id, p.first_name as "firstName",
        coalesce(p.phone_number, ${best('phone')}) as phone,
        coalesce(p.email, ${best('email')}) as email
      from persons p
      where exists (select 1 from benefits b where b.person_id = p.id and b.fund_id = ${fundId}
                      and b.status = 'unclaimed' and b.dependants_process_at is null)
        and p.deceased_on is null
        and not exists (select 1 from person_users pu where pu.person_id = p.id)
        and not exists (select 1 from outreach_opt_outs o where o.person_id = p.id)
        and not exists (select 1 from outreach_invitations i where i.person_id = p.id and i.sent_at > ${since})
    ) candidates
    where ${quiet ? sql`email is not null` : sql`(phone is not null or email is not null)`}
    order by id
    limit ${limit}`);
  return rowsOf<Invitee>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

/** Whether person `personId` exists. */
export async function personExists(db: Database, personId: number): Promise<boolean> {
  const [person] = await db.select({ id: persons.id }).from(persons).where(eq(persons.id, personId));
  return person !== undefined;
}

/** The persons invited at phone number `from`, or whose phone number it is (ids, distinct). */
export async function personsReachedAt(db: Database, from: string): Promise<number[]> {
  const matches = await db
    .selectDistinct({ id: persons.id })
    .from(persons)
    .leftJoin(outreachInvitations, eq(outreachInvitations.personId, persons.id))
    .where(or(eq(outreachInvitations.destination, from), eq(persons.phoneNumber, from)));
  return matches.map((row) => row.id);
}
