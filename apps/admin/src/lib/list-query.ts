import type { Query } from '@bcp/web-client';

/** A list's filter values: empty ones (undefined, null, '') mean "no filter". */
export type ListFilter = Record<string, string | number | boolean | null | undefined>;

/**
 * A list's exact-match filters as query parameters (`filter[field]=value`), empty values left out,
 * merged after `extra` (`sort`, `q`, ...). The one way every back-office list and export builds its
 * filters.
 */
export function filterQuery(filter: ListFilter = {}, extra: Query = {}): Query {
  const query: Query = { ...extra };
  for (const [field, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && value !== '') query[`filter[${field}]`] = String(value);
  }
  return query;
}
