import { maskSaIdNumber } from '@bcp/contract';

/**
 * The filters of an export as the audit trail keeps them (issue 18): the list's filters, the
 * format, whether unmasked, and the search term with an ID number masked.
 */
export function exportFilters(query: {
  filter?: Record<string, unknown> | undefined;
  q?: string | undefined;
  format: string;
  unmasked: boolean;
}): Record<string, unknown> {
  const q = query.q?.trim();
  return {
    filter: query.filter ?? {},
    q: q && /^\d{13}$/.test(q) ? maskSaIdNumber(q) : (q ?? null),
    format: query.format,
    unmasked: query.unmasked,
  };
}
