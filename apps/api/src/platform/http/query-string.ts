import qs from 'qs';

/**
 * How query strings are read (DESIGN.md "Request input is hostile"; issue 13 item 1): one
 * well-kept parser, `qs`, in the bracket format the clients send (spec 7: "Query parameters are
 * encoded as arrays with bracket notation"): `sort[]=a&sort[]=b` and `sort[0]=a` are arrays,
 * `filter[status]=open` is `{ filter: { status: 'open' } }`.
 *
 * Safe settings: keys that name a property of `Object.prototype` (`__proto__`, `constructor`,
 * `hasOwnProperty`, ...) are dropped (`allowPrototypes: false`), so no request can reach a shared
 * prototype; nesting stops at 2 levels (deeper brackets stay part of the key), arrays at 20
 * items (larger indexes become object keys, which validation refuses), and at most 100 parameters
 * are read.
 */
export const QUERY_STRING_OPTIONS = {
  allowPrototypes: false,
  plainObjects: false,
  depth: 2,
  arrayLimit: 20,
  parameterLimit: 100,
  parseArrays: true,
  allowDots: false,
  comma: false,
  charset: 'utf-8',
  // Malformed percent escapes (`%ff`) are kept as typed rather than thrown.
  decoder: decodeQueryComponent,
} as const satisfies qs.IParseOptions;

/** The longest query string read (characters); the rest is ignored. */
export const QUERY_STRING_MAX_LENGTH = 8192;

function decodeQueryComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * Parses the query string of a request (the part after `?`) into plain values: strings, arrays
 * of strings, and objects of those. Never throws; never returns a key of `Object.prototype`.
 */
export function parseQueryString(text: string): Record<string, unknown> {
  return qs.parse(text.slice(0, QUERY_STRING_MAX_LENGTH), QUERY_STRING_OPTIONS);
}
