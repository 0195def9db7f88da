import type { ListResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * Choices for a select from a back-office list (the first 100 of a paged list such as `v1/funds`,
 * or all of a whole list such as `v1/fund_types` with `paged: false`, which takes no page
 * parameters: the API refuses parameters a call does not declare, decision 060):
 * `{ value, label }` by `label(item)`; empty while loading or when the user may not read the list.
 */
export function useOptions<T extends { id: number }>(
  path: string,
  label: (item: T) => string,
  query: Record<string, string> = {},
  paged = true,
): { value: string; label: string }[] {
  const result = useQuery({
    queryKey: [path, 'options', query],
    queryFn: () => unwrap(api.get<ListResponse<T>>(path, { query: paged ? { pageSize: 100, ...query } : query })),
  });
  return (result.data?.items ?? []).map((item) => ({ value: String(item.id), label: label(item) }));
}
