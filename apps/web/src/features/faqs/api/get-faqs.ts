import type { FaqEntryListResponse } from '@bcp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query key of the FAQ list of a fund (null: general FAQs). */
export const faqsKey = (fundId: number | null) => ['faqs', fundId] as const;

/** `GET faq-funds?fundId=` (spec 7): the FAQs of a fund, or the general ones (`fundId=null`). */
export function getFaqs(fundId: number | null) {
  return api.get<FaqEntryListResponse>('app/faq-funds', { query: { fundId: fundId ?? 'null' } });
}

/** The FAQ list while `enabled` (the dialog is open); errors as values. */
export function useFaqs(fundId: number | null, enabled: boolean) {
  return useQuery({ queryKey: faqsKey(fundId), queryFn: () => getFaqs(fundId), enabled, staleTime: 0 });
}
