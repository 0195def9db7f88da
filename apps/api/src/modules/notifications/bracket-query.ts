import type { preValidationHookHandler } from 'fastify';

/**
 * Reads bracket-array query parameters (spec section 7: `sort[]=id:desc&sort[]=title:asc`) as
 * arrays under the plain name (`sort`), before the route's schema validates the query.
 */
export const bracketArrayQuery: preValidationHookHandler = async (request) => {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return;
  for (const key of Object.keys(query)) {
    if (!key.endsWith('[]')) continue;
    const name = key.slice(0, -2);
    const value = query[key];
    const existing = query[name];
    const values = [
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ...(Array.isArray(value) ? value : [value]),
    ];
    query[name] = values;
    delete query[key];
  }
};
