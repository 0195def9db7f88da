import type { tracing } from '@opentelemetry/sdk-node';

/** Attributes holding a path, which may end in a query string (stable and old HTTP conventions). */
const PATH_ATTRIBUTES = ['url.path', 'http.target'] as const;
/** Attributes holding a whole URL. */
const URL_ATTRIBUTES = ['url.full', 'http.url'] as const;
/** Attributes that are nothing but a query string: dropped. */
const QUERY_ATTRIBUTES = ['url.query'] as const;

/** `value` up to its first `?` (the query string and any fragment after it are cut). */
export function withoutQueryString(value: string): string {
  const at = value.indexOf('?');
  return at === -1 ? value : value.slice(0, at);
}

/** The URL `value` with its path replaced by `route` and no query string; `value` cut at `?` when it is no URL. */
function urlWithRoute(value: string, route: string): string {
  if (!URL.canParse(value)) return withoutQueryString(value);
  const url = new URL(value);
  return `${url.origin}${route}`;
}

/**
 * The rule of decision 054: no query string and no concrete path of a known route leaves the
 * process in a span. Query strings carry personal data (`GET /api/app/benefits/idNumber?idNumber=`
 * carries an ID number) and paths carry tokens (`/verify-reset-url/:token`), so just before every
 * span ends: `url.query` is dropped; on a span that names its route (`http.route`), the path in
 * `url.path`, `http.target`, `url.full` and `http.url` becomes the route pattern; on any other span
 * (a 404, an outgoing request) those attributes are cut at their `?`. Runs before the exporting
 * processor (the SDK calls `onEnding` while the span is still writable).
 */
export class SpanUrlRedactor implements tracing.SpanProcessor {
  onStart(): void {}

  onEnding(span: tracing.Span): void {
    const route = span.attributes['http.route'];
    for (const key of PATH_ATTRIBUTES) {
      const value = span.attributes[key];
      if (typeof value !== 'string') continue;
      span.setAttribute(key, typeof route === 'string' ? route : withoutQueryString(value));
    }
    for (const key of URL_ATTRIBUTES) {
      const value = span.attributes[key];
      if (typeof value !== 'string') continue;
      span.setAttribute(key, typeof route === 'string' ? urlWithRoute(value, route) : withoutQueryString(value));
    }
    // The SDK's attributes are a plain object of the span; there is no API to remove one.
    const attributes = span.attributes as Record<string, unknown>;
    for (const key of QUERY_ATTRIBUTES) delete attributes[key];
  }

  onEnd(): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
