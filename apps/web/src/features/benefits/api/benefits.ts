import type { BenefitTotalResponse, MemberBenefitListResponse } from '@bcp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unwrap } from '../../../lib/query';

export const benefitKeys = {
  all: ['benefits'] as const,
  list: () => ['benefits', 'list'] as const,
  total: () => ['benefits', 'total'] as const,
  one: (benefitId: number) => ['benefits', 'one', benefitId] as const,
};

/** `GET benefits`: the member's benefits across funds (issue 4). */
export function listBenefits() {
  return api.get<MemberBenefitListResponse>('app/benefits');
}

/** The member's benefits as a query. */
export function useBenefits() {
  return useQuery({ queryKey: benefitKeys.list(), queryFn: () => unwrap(listBenefits()) });
}

/** `GET benefits/total`: count and amount (cents), all and unclaimed. */
export function useBenefitTotal() {
  return useQuery({
    queryKey: benefitKeys.total(),
    queryFn: () => unwrap(api.get<BenefitTotalResponse>('app/benefits/total')),
  });
}

export { getBenefit } from './get-benefit';
