import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors/app-error.js';

/**
 * Rate limits are declared per route (`config.rateLimit`); none is global. Counters live in Redis
 * when `redisUrl` is set (several API processes), in memory otherwise. Exceeding one answers 429
 * in the one error shape with `Retry-After` in seconds.
 */
export async function installRateLimits(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'bcp-rate-limit-', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('throttled', `Too many attempts. Please try again in ${seconds} seconds.`, undefined, {
        'retry-after': String(seconds),
      });
    },
  });
}

/** Normalises what was typed as an identifier (ID number or email) for use in a limit's key. */
function identifierKey(request: FastifyRequest, field: string): string {
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const raw = body?.[field] ?? query?.[field];
  return typeof raw === 'string' ? raw.trim().toLowerCase().replace(/[\s-]/g, '') : '';
}

/**
 * A limit per client IP and per identifier typed (the body or query `identifier`, or the `field`
 * named, e.g. `email` for staff), e.g. issue 3's "5 sign-in attempts a minute per identifier and IP".
 */
export function perIdentifierAndIp(max: number, timeWindow: string, field = 'identifier'): RateLimitOptions {
  return {
    max,
    timeWindow,
    hook: 'preHandler',
    keyGenerator: (request) => `${request.ip}|${identifierKey(request, field)}`,
  };
}

/** A limit per client IP. */
export function perIp(max: number, timeWindow: string): RateLimitOptions {
  return { max, timeWindow };
}
