import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/result-rows.js';
import { outboxDeliveryOf } from '../platform/messaging/outbox-delivery.js';

/**
 * Read model of a fund's outreach funnel (issue 17, issue 35 item 3): over benefits, persons,
 * contact candidates, person users, outreach invitations and opt-outs, claims, and the outbox's
 * deliveries through platform's `outboxDeliveryOf` (the outbox is platform's table), the
 * counts by name (persons, traced, invited, delivered, optedOut, signedUp, claimed, paid,
 * dependantsProcess); absent keys count 0. Reads only.
 */
export async function outreachFunnelCounts(db: Database, fundId: number): Promise<Record<string, number>> {
  const result = await db.execute(sql`
    with people as (select distinct person_id as id from benefits where fund_id = ${fundId}),
    invited as (
      select i.person_id, min(i.sent_at) as first_sent, bool_or(${outboxDeliveryOf(sql`i.outbox_id`)} = 'sent') as delivered
      from outreach_invitations i
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
  return row;
}
