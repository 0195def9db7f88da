import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../errors/app-error.js';

/**
 * One throttle of a route: at most `max` requests per `timeWindow` for each key.
 * - `key`: what is counted (default: the client IP); may read the database (e.g. the account an
 *   identifier resolves to);
 * - `hook`: `onRequest` (default) counts before the body is read or validated, so a flood of
 *   hostile bodies is refused cheaply (issue 13 item 2); `preValidation` counts after
 *   authentication, before validation (keys of the caller, e.g. the partner API key);
 *   `preHandler` counts after validation, for keys read from the body;
 * - `failClosed`: when the counter store (Redis) cannot be reached, answer 503 with `Retry-After`
 *   rather than let the request through unlimited (issue 13 item 13): set on PIN, sign-in, reset
 *   and ID-search routes. Other routes stay open then.
 */
export interface Throttle {
  /** Names the counter, together with the route: `ip`, `account`, ... */
  name: string;
  max: number;
  /** `'1 minute'`, `'10 minutes'`, `'1 hour'` (ms strings), or milliseconds. */
  timeWindow: string | number;
  key?: (request: FastifyRequest) => string | Promise<string>;
  hook?: 'onRequest' | 'preValidation' | 'preHandler';
  failClosed?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's throttles (platform/http/rate-limit.ts), each counted on its own. */
    throttle?: Throttle | readonly Throttle[];
  }
}

/** Seconds a client should wait when limits cannot be counted (Redis down). */
export const THROTTLE_UNAVAILABLE_RETRY_SECONDS = 5;

const THROTTLE_UNAVAILABLE_MESSAGE = 'This service is briefly unavailable. Please try again shortly.';

/** Logs an unreachable counter store once until it answers again, not once per request. */
function storeHealth(log: FastifyBaseLogger) {
  let failing = false;
  return {
    failed(error: unknown) {
      if (failing) return;
      failing = true;
      log.error({ reason: (error as Error)?.message }, 'rate-limit store unavailable: sensitive routes answer 503');
    },
    answered() {
      if (!failing) return;
      failing = false;
      log.info('rate-limit store available again');
    },
  };
}

/**
 * Installs the throttles routes declare in `config.throttle` (none is global). Counters live in
 * Redis when `redisUrl` is set (several API processes), in memory otherwise. Exceeding one
 * answers 429 in the one error shape with `Retry-After` in seconds. Every answer of a throttled
 * route says where its limits stand (`rateLimitHeaders`).
 * @returns with Redis, a ping of it (rejects when Redis does not answer; the readiness check);
 *   undefined without Redis
 */
export async function installRateLimits(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<(() => Promise<void>) | undefined> {
  // No offline queue and a command timeout: while Redis is unreachable a count fails at once
  // (and the route fails open or closed) instead of waiting for reconnection.
  // ioredis loads only when Redis is configured (about 25 MB resident otherwise unused).
  const redis = redisUrl
    ? new (await import('ioredis')).Redis(redisUrl, {
        connectTimeout: 500,
        commandTimeout: 1000,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
        enableOfflineQueue: false,
      })
    : undefined;
  if (redis) {
    // Connection errors surface on each command (and are handled there); without a listener
    // ioredis would report every reconnection attempt as an unhandled error event.
    redis.on('error', () => undefined);
    // Redis down at start is an outage like any other: ioredis keeps reconnecting.
    await redis
      .connect()
      .catch((error: Error) => app.log.error({ reason: error.message }, 'Redis unreachable at start'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: false,
    ...(redis ? { redis, nameSpace: 'bcp-rate-limit-' } : {}),
  });
  const health = storeHealth(app.log);
  app.addHook('onRoute', (route) => {
    const declared = route.config?.throttle;
    if (!declared) return;
    for (const throttle of Array.isArray(declared) ? declared : [declared as Throttle]) {
      addThrottleHook(app, route, throttle, health);
    }
  });
  return redis
    ? async () => {
        await redis.ping();
      }
    : undefined;
}

function addThrottleHook(
  app: FastifyInstance,
  route: RouteOptions,
  throttle: Throttle,
  health: ReturnType<typeof storeHealth>,
): void {
  const routeKey = `${route.method}${route.url}|${throttle.name}|`;
  const limiter = app.createRateLimit({
    max: throttle.max,
    timeWindow: throttle.timeWindow,
    keyGenerator: async (request) => routeKey + (throttle.key ? await throttle.key(request) : request.ip),
  });
  const handler: onRequestHookHandler = async (request, reply) => {
    let result: Awaited<ReturnType<typeof limiter>>;
    try {
      result = await limiter(request);
      health.answered();
    } catch (error) {
      health.failed(error);
      if (!throttle.failClosed) return;
      throw new AppError('unavailable', THROTTLE_UNAVAILABLE_MESSAGE, undefined, {
        headers: { 'retry-after': String(THROTTLE_UNAVAILABLE_RETRY_SECONDS) },
      });
    }
    if (result.isAllowed) return;
    for (const [name, value] of Object.entries(rateLimitHeaders(throttle.name, result))) {
      const prior = reply.getHeader(name);
      reply.header(name, prior ? `${String(prior)}, ${value}` : value);
    }
    if (!result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    throw new AppError('throttled', `Too many attempts. Please try again in ${seconds} seconds.`, undefined, {
      code: 'rate_limited',
      params: { retryAfterSeconds: seconds },
      headers: { 'retry-after': String(seconds) },
    });
  };
  const hook = throttle.hook ?? 'onRequest';
  const existing = route[hook];
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  // Throttles run first: before authentication looks a token up in the database.
  route[hook] = [handler, ...list] as never;
}

/** What a limiter answers for one request (`createRateLimit`): its limit, what is left, when it resets. */
interface LimitState {
  max: number;
  timeWindow: number;
  remaining: number;
  ttlInSeconds: number;
}

/**
 * The IETF draft rate-limit headers (draft-ietf-httpapi-ratelimit-headers, issue 39 item 2) of one
 * throttle: `RateLimit-Policy: "<name>";q=<max>;w=<window seconds>` and `RateLimit:
 * "<name>";r=<remaining>;t=<seconds to reset>`. A route with several throttles lists each, comma
 * separated (structured-field lists). @fastify/rate-limit's `enableDraftSpec` writes an older
 * draft's `RateLimit-Limit`/`-Remaining`/`-Reset`, and only from its own route hook, which our
 * throttles (counted with `createRateLimit`) do not use; hence written here.
 */
export function rateLimitHeaders(name: string, state: LimitState): Record<string, string> {
  const window = Math.max(1, Math.round(state.timeWindow / 1000));
  return {
    'ratelimit-policy': `"${name}";q=${state.max};w=${window}`,
    ratelimit: `"${name}";r=${Math.max(0, state.remaining)};t=${Math.max(0, state.ttlInSeconds)}`,
  };
}

/**
 * The partner API's throttles (issue 39 item 2): `max` calls per minute for each API key, counted
 * after the key is authenticated (two keys from one address have their own budgets; an
 * unauthenticated call is refused before it counts), and, before authentication, ten times that
 * per address, which bounds key guessing and floods from one address.
 */
export function partnerThrottles(max = PARTNER_CALLS_PER_KEY_PER_MINUTE): Throttle[] {
  return [perIp(max * 10, '1 minute'), perPartnerKey(max, '1 minute')];
}

/** Calls per minute per partner API key (docs/partners.md "Rate limits"). */
export const PARTNER_CALLS_PER_KEY_PER_MINUTE = 600;

/**
 * A limit per partner API key (the authenticated `request.partner.apiKeyId`), or per address
 * when no key was authenticated; counted after authentication, before validation.
 */
export function perPartnerKey(max: number, timeWindow: string): Throttle {
  return {
    name: 'key',
    max,
    timeWindow,
    hook: 'preValidation',
    key: (request) => (request.partner ? `key:${request.partner.apiKeyId}` : `ip:${request.ip}`),
  };
}

/**
 * Normalises what was typed as an identifier (ID number or email) for use in a key: trimmed,
 * lower-case, without spaces and hyphens, at most 254 characters.
 */
export function identifierKey(request: FastifyRequest, field: string): string {
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const raw =
    (body && Object.hasOwn(body, field) ? body[field] : undefined) ??
    (query && Object.hasOwn(query, field) ? query[field] : undefined);
  return typeof raw === 'string' ? raw.slice(0, 254).trim().toLowerCase().replace(/[\s-]/g, '') : '';
}

/** A limit per client IP, counted before the body is read. */
export function perIp(max: number, timeWindow: string, options: { failClosed?: boolean } = {}): Throttle {
  return { name: 'ip', max, timeWindow, ...options };
}

/**
 * A limit per identifier typed (the body or query `field`, default `identifier`) and client IP,
 * counted after validation.
 */
export function perIdentifierAndIp(
  max: number,
  timeWindow: string,
  options: { field?: string; failClosed?: boolean } = {},
): Throttle {
  const field = options.field ?? 'identifier';
  return {
    name: `ip-${field}`,
    max,
    timeWindow,
    hook: 'preHandler',
    key: (request) => `${request.ip}|${identifierKey(request, field)}`,
    ...(options.failClosed === undefined ? {} : { failClosed: options.failClosed }),
  };
}

/**
 * A limit per account (issue 13 item 8): `resolve` turns what was typed (an ID number, an email,
 * in any spelling) into the account it names, so that each account gets `max` tries per
 * `timeWindow` however it is typed and from however many addresses; an identifier that names no
 * account, or a route with no `resolve` (staff sign in by email, which is the account), is counted as
 * typed (trimmed, lower-case). Counted after validation.
 */
export function perAccount(
  max: number,
  timeWindow: string,
  resolve: ((request: FastifyRequest) => Promise<string | undefined>) | undefined,
  options: { field?: string; failClosed?: boolean } = {},
): Throttle {
  const field = options.field ?? 'identifier';
  return {
    name: 'account',
    max,
    timeWindow,
    hook: 'preHandler',
    key: async (request) => {
      const account = resolve ? await resolve(request) : undefined;
      return account ? `account:${account}` : `typed:${identifierKey(request, field)}`;
    },
    ...(options.failClosed === undefined ? {} : { failClosed: options.failClosed }),
  };
}
