import { createHash, timingSafeEqual } from 'node:crypto';
import type { MetricsConfig } from '../../config.js';

/**
 * Who may read `/api/metrics` (decision 053): `token`, callers with `Authorization: Bearer
 * <METRICS_TOKEN>`; `loopback`, callers on this machine (outside production without a token:
 * development); `closed`, nobody (production without a token: 404; metrics only on the
 * `METRICS_PORT` listener, when set).
 */
export type MetricsAccess = 'token' | 'loopback' | 'closed';

/** The access of `/api/metrics` for this configuration (see `MetricsAccess`). */
export function metricsAccess(metrics: MetricsConfig, env: 'development' | 'production' | 'test'): MetricsAccess {
  if (metrics.token) return 'token';
  return env === 'production' ? 'closed' : 'loopback';
}

/**
 * Whether an `Authorization` header carries the bearer token `expected`. Both sides are hashed
 * first, so the comparison takes the same time whatever their lengths and contents.
 */
export function hasMetricsToken(expected: string, authorization: string | undefined): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(match[1] as string));
}

/** Whether a peer address is this machine (127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}
