import { eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import { funds } from '../db/schema/funds.js';

/**
 * The one rule of which partner reads a fund's claims, used by the partner API's claim calls
 * (`/api/v2/benefitclaim/*`) and by the claim webhooks (issue 34 item 8): the fund's administrator
 * (`funds.administrator_partner_id`, a partner of kind fund administrator) and no other partner. A
 * tracing partner, or any partner merely linked to the fund, reads none of its claims and hears of
 * none of them. A read model (issue 35 item 3): it joins funds to partners; partners re-exports it.
 * @param partner the partner's id, or a column holding it (e.g. `partners.id` in a join)
 * @returns a condition on `funds` (the query must have `funds` in its FROM or joins)
 */
export function readsClaimsOfFund(partner: number | SQLWrapper): SQL {
  return eq(funds.administratorPartnerId, partner);
}
