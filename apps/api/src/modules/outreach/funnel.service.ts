import type { OutreachFunnelResponse } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { outreachFunnelCounts } from '../../queries/outreach-funnel.js';
import { findFund } from '../funds/index.js';

/**
 * A fund's outreach funnel (`GET funds/{id}/outreach/funnel`, issue 17): of the persons with a
 * benefit of the fund, how many have a phone or email (given or traced), were invited, whose
 * invitation the gateway took, opted out, signed up after an invitation, claimed (a claim beyond
 * draft on a benefit of the fund) and were paid; and the benefits in the dependants' process.
 * @throws AppError 404 unknown fund
 */
export async function outreachFunnel(db: Database, fundId: number): Promise<OutreachFunnelResponse> {
  await findFund(db, fundId);
  const row = await outreachFunnelCounts(db, fundId);
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
