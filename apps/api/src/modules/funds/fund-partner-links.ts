import type { Database } from '../../db/client.js';
import { handedOver } from '../../platform/wiring/handed-over.js';

/**
 * What funds asks of partners when a fund changes (issue 35 item 2): the partners' links to the
 * funds they serve (`partner_funds`, partners' table: what their API keys reach). Partners imports
 * funds (fund names and choices, the demo fund), so funds does not import partners; partners gives
 * these functions at start-up (its module's `install`, `useFundPartnerLinks`).
 */
export interface FundPartnerLinks {
  /** Links a partner to a fund it serves (no-op when linked). `db` may be a transaction. */
  ensurePartnerServesFund(db: Database, partnerId: number, fundId: number): Promise<void>;
  /** Removes every partner's link to a fund (the fund is being deleted). `db` may be a transaction. */
  unlinkFundFromPartners(db: Database, fundId: number): Promise<void>;
}

const links = handedOver<FundPartnerLinks>('partners has not given funds its fund link functions');

/** Gives funds the partners' link functions; partners calls it at start-up. */
export function useFundPartnerLinks(partnerLinks: FundPartnerLinks): void {
  links.give(partnerLinks);
}

/**
 * The partners' link functions given by `useFundPartnerLinks`.
 * @throws Error when partners has not started (a wiring mistake)
 */
export function fundPartnerLinks(): FundPartnerLinks {
  return links.take();
}
