import type { FaqParamsListResponse } from '@bcp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query key of a benefit's template data. */
export const faqParamsKey = (benefitId: number | null) => ['faq-params', benefitId] as const;

/**
 * `GET faq-funds/params?benefitId=` (spec 7): the template data of the member's benefit (benefit,
 * person, fund, claim), a list of one, or empty when the benefit is not theirs (or signed out).
 */
export function getFaqParams(benefitId: number | null) {
  return api.get<FaqParamsListResponse>('app/faq-funds/params', { query: { benefitId: benefitId ?? 'null' } });
}

/** The template data while `enabled` (the dialog is open with a benefitId); errors as values. */
export function useFaqParams(benefitId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: faqParamsKey(benefitId),
    queryFn: () => getFaqParams(benefitId),
    enabled,
    staleTime: 0,
  });
}
