/**
 * Hostile input for the fuzz test (issue 13): strings, numbers and JSON values that have broken
 * servers before, path segments, query strings, prototype-pollution keys, malformed bodies and
 * headers. Pure data and small builders; the choice among them is the generator's (seeded).
 */

/** A JSON token written into a body as is (a 400-digit number, a lone surrogate, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** `JSON.stringify` that writes `RawJson` values verbatim. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item) => {
    if (item instanceof RawJson) {
      raws.push(item.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return item;
  });
  return raws.reduce((result, raw, index) => result.replace(`"@@raw${index}@@"`, () => raw), text ?? 'null');
}

const LONG = 'a'.repeat(10_000);
const DIGITS_400 = '9'.repeat(400);

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n',
  LONG,
  `${'é'.repeat(5_000)}`,
  '\u0000',
  'a\u0000b',
  '%00',
  '%ff',
  '%',
  '\ud800',
  'a\udfffb',
  '😀'.repeat(60),
  'Ω≈ç√∫˜µ≤≥÷ 中文 العربية',
  '\u202eevil\u202c',
  '\u200b\ufeff',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  "1'); SELECT pg_sleep(20); --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as typed
  '${7*7}{{7*7}}<%= 7*7 %>#{7*7}',
  '{{constructor.constructor("return process")()}}',
  '{{#each this}}{{/each}}{{> partial}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  DIGITS_400,
  `-${DIGITS_400}`,
  '2147483648',
  '9007199254740993',
  '0x1F',
  '1.5',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '\r\nx-injected: 1',
  '\\',
  '\\u0000',
  'a@b',
  '@',
  'a@b.c'.repeat(60),
  `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
  '+27',
  '+999999999999999999999',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T23:59:60Z',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  '$where',
  '{"$gt":""}',
  '*',
  '%s%s%s%n',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  -0.5,
  1.0000001,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  9007199254740992,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Values of any JSON type, the `marker` naming a key whose appearance on `Object.prototype` would show pollution. */
export function hostileJsonValues(marker: string): unknown[] {
  return [
    null,
    true,
    false,
    [],
    [1, 'a', null, {}],
    {},
    { a: { b: { c: { d: { e: {} } } } } },
    Array.from({ length: 3_000 }, (_, index) => index),
    { length: 1e9 },
    { toString: 'x', valueOf: 'y' },
    new RawJson(`1${'0'.repeat(400)}`),
    new RawJson(`-${DIGITS_400}`),
    new RawJson('1e999'),
    new RawJson('-0.0e-0'),
    new RawJson('"\\ud800"'),
    new RawJson('"\\u0000"'),
    new RawJson(`${'['.repeat(3_000)}${']'.repeat(3_000)}`),
    new RawJson(`{"__proto__":{"${marker}":"polluted"}}`),
    new RawJson(`{"constructor":{"prototype":{"${marker}":"polluted"}}}`),
    new RawJson(`[{"__proto__":{"${marker}":"polluted"}}]`),
  ];
}

/** Path segments as sent (already percent-encoded where it matters). */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '%201',
  '00000000001',
  '2147483648',
  '4294967297',
  '9007199254740993',
  DIGITS_400,
  '%ff',
  '%00',
  '1%00',
  '%',
  '%25ff',
  'abc',
  '%2e%2e',
  '..',
  '%2F',
  '..%2f..%2fhealth',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '__proto__',
  'constructor',
  'toString',
  '1;DROP',
  '1,2',
  '%5B%5D',
  '1%0d%0ax-injected:%201',
  'a'.repeat(2_000),
];

/** Suffixes for paths without parameters (each still a request the router must answer). */
export const HOSTILE_PATH_SUFFIXES: readonly string[] = [
  '/',
  '/%ff',
  '%00',
  '/..',
  '//',
  '/%2e%2e/%2e%2e',
  `/${DIGITS_400}`,
  '/__proto__',
  ';jsessionid=1',
  '%20',
];

/** Percent-encodes any string, lone surrogates included (as the bytes of an invalid UTF-8 sequence). */
export function percentEncode(value: string): string {
  return value.replace(/[\ud800-\udfff]|[^\ud800-\udfff]+/gu, (part) =>
    /^[\ud800-\udfff]$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part),
  );
}

/** Query string parts that misuse a parameter `name`. */
export function hostileQueryParts(name: string, value: string): string[][] {
  const encoded = percentEncode(value);
  return [
    [`${name}=${encoded}`],
    [`${name}[]=a`, `${name}[]=b`],
    [`${name}[a]=b`],
    [`${name}[0][0][0]=x`],
    [`${name}=a`, `${name}=b`],
    [name],
    [`${name}=`],
    [`${name}=%ff`],
    [`${name}[99999]=x`],
    Array.from({ length: 30 }, () => `${name}[]=${encoded.slice(0, 20)}`),
    [`${name}[`, `${name}]=x`],
    [`${name}%5B__proto__%5D=x`],
    [`${name}=${encodeURIComponent(DIGITS_400)}`],
    [`${name}=-1`],
    [`${name}=1.5`],
    [`${name}=2147483648`],
    [`${name}=%00`],
    [`${name}=${'z'.repeat(9_000)}`],
  ];
}

/** Query strings that misuse the whole query. */
export const HOSTILE_QUERY_RAW: readonly string[] = [
  '%ff=1',
  '=x',
  '&&&',
  'a=%',
  '[]=x',
  '[a]=b',
  '%5B%5D=x',
  Array.from({ length: 200 }, (_, index) => `p${index}=${index}`).join('&'),
  `a=${'b'.repeat(20_000)}`,
  '?',
  '#frag',
  'a=1;b=2',
];

/** Query parts that try to write to `Object.prototype` (each names `marker`). */
export function prototypeQueryParts(marker: string): string[] {
  return [
    `__proto__[${marker}]=polluted`,
    `constructor[prototype][${marker}]=polluted`,
    `a[__proto__][${marker}]=polluted`,
    `__proto__.${marker}=polluted`,
    `constructor.prototype.${marker}=polluted`,
    `filter[__proto__][${marker}]=polluted`,
    `filter[constructor][prototype][${marker}]=polluted`,
    `sort[__proto__]=${marker}`,
    `__proto__=${marker}`,
    `__proto__[]=${marker}`,
    `__proto__[__proto__][${marker}]=polluted`,
    `%5F%5Fproto%5F%5F[${marker}]=polluted`,
    `__proto__%5B${marker}%5D=polluted`,
    `toString=${marker}`,
    `hasOwnProperty=${marker}`,
    `valueOf[]=${marker}`,
    `filter[toString]=${marker}`,
    `filter[hasOwnProperty]=1`,
    `sort[constructor]=${marker}`,
    `q[__proto__]=${marker}`,
    `page[__proto__][${marker}]=1`,
    `__defineGetter__=${marker}`,
  ];
}

/** Members added to a JSON body that a server must not trust or choke on. */
export const EXTRA_BODY_MEMBERS: readonly [string, unknown][] = [
  ['isAdmin', true],
  ['role', 'super-admin'],
  ['roles', ['super-admin']],
  ['permissions', ['*']],
  ['id', 1],
  ['personUserId', 1],
  ['verified', true],
  ['status', 'paid'],
  ['a[b]', 1],
  ['x.y', 1],
  ['', 1],
  ['\u0000', 1],
  ['toString', 'x'],
  ['valueOf', {}],
  ['hasOwnProperty', 1],
  ['constructor', 'x'],
  ['__defineGetter__', 'x'],
  [LONG, 1],
];

/** JSON text that tries to write to `Object.prototype`, given a valid body's JSON (an object). */
export function prototypeBodies(validJson: string, marker: string): string[] {
  const withFirst = (fragment: string) =>
    validJson === '{}' || !validJson.startsWith('{') ? `{${fragment}}` : `{${fragment},${validJson.slice(1)}`;
  const withLast = (fragment: string) =>
    validJson === '{}' || !validJson.startsWith('{') ? `{${fragment}}` : `${validJson.slice(0, -1)},${fragment}}`;
  const firstKey = /^\{"([^"]+)"/.exec(validJson)?.[1] ?? 'name';
  return [
    withFirst(`"__proto__":{"${marker}":"polluted"}`),
    withFirst(`"constructor":{"prototype":{"${marker}":"polluted"}}`),
    withFirst(`"__pro\\u0074o__":{"${marker}":"polluted"}`),
    withFirst(`"\\u0063onstructor":{"prototype":{"${marker}":"polluted"}}`),
    withLast(`"${firstKey}":{"__proto__":{"${marker}":"polluted"}}`),
    withLast(`"${firstKey}":{"__pro\\u0074o__":{"${marker}":"polluted"}}`),
    withLast(`"${firstKey}":[{"constructor":{"prototype":{"${marker}":"polluted"}}}]`),
    `[{"__proto__":{"${marker}":"polluted"}}]`,
    withFirst('"__proto__":null'),
    withFirst('"__proto__":[]'),
    withFirst(`"__proto__":"${marker}"`),
    withFirst(`"prototype":{"${marker}":"polluted"}`),
    withLast(`"${firstKey}[__proto__][${marker}]":"polluted"`),
    withLast(`"__proto__.${marker}":"polluted"`),
    withFirst('"__pro\\u0074o__":{"toString":"polluted","valueOf":"polluted"}'),
  ];
}

/** Bodies a JSON route must refuse cleanly: broken JSON, the wrong type, and the wrong content types. */
export function malformedBodies(validJson: string, marker: string): { contentType?: string; payload: string }[] {
  const json = 'application/json';
  const firstKey = /^\{"([^"]+)"/.exec(validJson)?.[1];
  const duplicate =
    firstKey && validJson !== '{}'
      ? `${validJson.slice(0, -1)},"${firstKey}":{"${firstKey}":[null]}}`
      : '{"a":1,"a":2}';
  return [
    { contentType: json, payload: '{' },
    { contentType: json, payload: '{"a":' },
    { contentType: json, payload: '[1,' },
    { contentType: json, payload: 'nul' },
    { contentType: json, payload: '' },
    { contentType: json, payload: ' ' },
    { contentType: json, payload: `${validJson}garbage` },
    { contentType: json, payload: `\ufeff${validJson}` },
    { contentType: json, payload: '['.repeat(20_000) },
    { contentType: json, payload: duplicate },
    { contentType: json, payload: '1e999' },
    { contentType: json, payload: '"\\ud800"' },
    { contentType: json, payload: 'null' },
    { contentType: json, payload: '[]' },
    { contentType: json, payload: '"a string"' },
    { contentType: json, payload: '123' },
    { contentType: json, payload: 'true' },
    { contentType: json, payload: `{"a":"${'\\u0000'.repeat(100)}"}` },
    { contentType: 'text/plain', payload: validJson },
    {
      contentType: 'application/xml',
      payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    },
    { contentType: 'application/x-www-form-urlencoded', payload: `a=1&__proto__[${marker}]=polluted` },
    { contentType: 'multipart/form-data', payload: 'whatever' },
    { contentType: 'multipart/form-data; boundary=zz', payload: '--zz\r\nbroken' },
    { contentType: 'application/json; charset=utf-16', payload: validJson },
    { contentType: 'application/json; charset=iso-8859-1', payload: validJson },
    { contentType: 'Application/JSON', payload: validJson },
    { contentType: 'application/json, text/plain', payload: validJson },
    { contentType: 'application/jsonx', payload: validJson },
    { contentType: 'application/vnd.api+json', payload: validJson },
    { contentType: ';', payload: validJson },
    { contentType: 'application/octet-stream', payload: '\u0000\u0001\u0002\u00ff' },
    { payload: validJson },
  ];
}

/** Authorization header values that are not a valid credential. */
export function hostileAuthorizations(token: string, otherToken: string): string[] {
  return [
    'Bearer',
    'Bearer ',
    `Bearer  ${token}`,
    `bearer ${token}`,
    `Token ${token}`,
    'Basic Zm9vOmJhcg==',
    `Bearer ${'a'.repeat(8_000)}`,
    `Bearer ${token}x`,
    `Bearer ${token.slice(0, -1)}`,
    `Bearer ${token}, Bearer ${otherToken}`,
    'Bearer bcp_pk_',
    `Bearer bcp_pk_${'x'.repeat(64)}`,
    'Bearer %ff',
    'Bearer null',
    'Bearer undefined',
    'Bearer __proto__',
    'Bearer constructor',
    "Bearer ' OR 1=1 --",
    'Bearer 😀',
  ];
}

/** Header changes that are not the request's own: each returns the header name and its value. */
export const HOSTILE_HEADERS: readonly [string, string][] = [
  ['x-request-id', '../../etc/passwd'],
  ['x-request-id', 'a'.repeat(500)],
  ['x-request-id', '__proto__'],
  ['idempotency-key', 'a'.repeat(10_000)],
  ['idempotency-key', ''],
  ['idempotency-key', '__proto__'],
  ['idempotency-key', '%ff'],
  ['accept', 'application/xml'],
  ['accept', 'text/html'],
  ['accept', 'application/json;q=0'],
  ['accept', '*/*;q=abc, ,,,'],
  ['accept-encoding', 'gzip;q=2, br, *;q=-1'],
  ['accept-language', `${'x'.repeat(500)};q=0.5`],
  ['x-forwarded-for', 'garbage, %ff, 999.999.999.999'],
  ['x-forwarded-host', 'evil.example'],
  ['x-forwarded-proto', 'javascript'],
  ['x-http-method-override', 'DELETE'],
  ['last-event-id', '-1'],
  ['last-event-id', DIGITS_400],
  ['last-event-id', 'abc'],
  ['content-type', 'application/json'],
  ['content-type', 'multipart/form-data'],
  ['host', 'evil.example'],
  ['host', 'a'.repeat(300)],
  ['origin', 'null'],
  ['referer', 'javascript:alert(1)'],
  ['range', `bytes=${Array.from({ length: 200 }, (_, index) => `${index}-${index}`).join(',')}`],
  ['if-none-match', '*'],
  ['if-modified-since', 'not a date'],
  ['cookie', 'XSRF-TOKEN=%ff'],
  ['cookie', '__proto__=polluted; constructor=x; toString=y'],
  ['cookie', `a=${'b'.repeat(8_000)}`],
  ['cookie', 'XSRF-TOKEN='],
  ['x-xsrf-token', ''],
  ['x-xsrf-token', 'mismatch'],
];

/** A multipart/form-data body from parts. */
export function multipart(
  boundary: string,
  parts: { name: string; filename?: string; contentType?: string; content: Buffer | string }[],
  options: { closing?: boolean } = {},
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  if (options.closing !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
