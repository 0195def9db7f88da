import type { BenefitResponse } from '@bcp/contract';
import { api } from '../../../lib/api';

/**
 * `GET benefits/{id}/benefit` (spec 7): one benefit with person, fund, claim and payout. Apart from
 * the benefit queries (TanStack Query) because the navigation guard needs it on the first page
 * (issue 40 item 1: the first load's budget).
 */
export function getBenefit(benefitId: number) {
  return api.get<BenefitResponse>(`app/benefits/${benefitId}/benefit`);
}
