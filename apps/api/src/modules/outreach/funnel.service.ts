import type { OutreachFunnelResponse } from '@bcp/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/result-rows.js';
import { findFund } from '../funds/funds.service.js';

/**
 * A fund's outreach funnel (`GET funds/{id}/outreach/funnel`, issue 17): of the persons with a
 * benefit of the fund, how many have a phone or email (given or traced), were invited, whose
 * invitation the gateway took, opted out, signed up after an invitation, claimed (a claim beyond
 * draft on a benefit of the fund) and were paid; and the benefits in the dependants' process.
 * @throws AppError 404 unknown fund
 */
export async function outreachFunnel(db: Database, fundId: number): Promise<OutreachFunnelResponse> {
  await findFund(db, fundId);
  const result = await db.execute(sql`
    with people as (select distinct person_id as id from benefits where fund_id = ${fundId}),
    invited as (
      select i.person_id, min(i.sent_at) as first_sent, bool_or(o.status = 'sent') as delivered
      from outreach_invitations i left join outbox_messages o on o.id = i.outbox_id
      where i.fund_id = ${fundId} group by i.person_id
    )
    select
      (select count(*) from people)::int as persons,
      (select count(*) from people pe join persons p on p.id = pe.id
        where p.email is not null or p.phone_number is not null
          or exists (select 1 from contact_candidates c where c.person_id = p.id)
          or exists (select 1 from person_users pu where pu.person_id = p.id))::int as traced,
      (select count(*) from invited)::int as invited,
      (select count(*) from invited where delivered)::int as delivered,
      (select count(*) from people pe join outreach_opt_outs oo on oo.person_id = pe.id)::int as "optedOut",
      (select count(*) from invited join person_users pu on pu.person_id = invited.person_id
        where pu.created_at >= invited.first_sent)::int as "signedUp",
      (select count(distinct b.person_id) from benefits b join benefit_claims c on c.benefit_id = b.id
        where b.fund_id = ${fundId} and c.status <> 'draft')::int as claimed,
      (select count(distinct person_id) from benefits where fund_id = ${fundId} and status = 'paid')::int as paid,
      (select count(*) from benefits where fund_id = ${fundId} and dependants_process_at is not null)::int as "dependantsProcess"`);
  const row = rowsOf<Record<string, number>>(result)[0] ?? {};
  const count = (key: string) => Number(row[key] ?? 0);
  return {
    fundId,
    persons: count('persons'),
    traced: count('traced'),
    invited: count('invited'),
    delivered: count('delivered'),
    optedOut: count('optedOut'),
    signedUp: count('signedUp'),
    claimed: count('claimed'),
    paid: count('paid'),
    dependantsProcess: count('dependantsProcess'),
  };
}
