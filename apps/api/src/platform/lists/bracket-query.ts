import type { FastifyInstance } from 'fastify';

type QueryValue = string | string[] | Record<string, string | string[]>;

/**
 * Folds bracket-notation keys (spec 7: "query parameters are encoded as arrays with bracket
 * notation", the `qs` format) into arrays and objects before validation:
 * `sort[]=a&sort[]=b` and `sort[0]=a` become `sort: ['a', 'b']`; `filter[status]=open` becomes
 * `filter: { status: 'open' }`. Keys without brackets are kept as they are. One level only.
 */
export function foldBracketKeys(query: Record<string, string | string[] | undefined>): Record<string, QueryValue> {
  const folded: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const match = /^([^[\]]+)\[([^[\]]*)\]$/.exec(key);
    if (!match) {
      folded[key] = value;
      continue;
    }
    const [, name = '', inner = ''] = match;
    const values = Array.isArray(value) ? value : [value];
    if (inner === '' || /^\d+$/.test(inner)) {
      const existing = folded[name];
      const list = Array.isArray(existing) ? existing : typeof existing === 'string' ? [existing] : [];
      folded[name] = [...list, ...values];
    } else {
      const existing = folded[name];
      const object = existing && typeof existing === 'object' && !Array.isArray(existing) ? existing : {};
      object[inner] = value;
      folded[name] = object;
    }
  }
  return folded;
}

/** Applies `foldBracketKeys` to every `/api` request with a bracket in its query string. */
export function installBracketQueries(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api') || !/\[|%5B/i.test(request.url)) return;
    request.query = foldBracketKeys(request.query as Record<string, string | string[] | undefined>);
  });
}
