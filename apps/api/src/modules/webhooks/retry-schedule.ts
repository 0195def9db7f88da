import type { WebhooksConfig } from '../../config.js';

/** One retry of a delivery: how long after the failed attempt before it it is made, in seconds. */
export interface RetryWait {
  /** 1 for the first retry (the second attempt). */
  retry: number;
  /** The shortest wait, in seconds. */
  earliestSeconds: number;
  /** The longest wait, in seconds (exclusive: the wait is always shorter). */
  latestSeconds: number;
}

/** pg-boss caps the doubling: never more than 2^15 times the first delay. */
const MAX_DOUBLINGS = 15;

/**
 * The exact retry schedule of webhook deliveries (issue 39 item 3), as the job queue makes it:
 * pg-boss 10 with `retryBackoff` waits, before retry `n` (1-based), `delay * 2^(n-1) * (1 + r)`
 * seconds after the failed attempt, `r` random in [0, 1) (its SQL `random()`): from the doubling up
 * to, not including, twice it. The jitter spreads out the retries of receivers that failed together.
 * `delay` is `WEBHOOK_RETRY_DELAY_SECONDS`, and there are `WEBHOOK_RETRY_LIMIT` retries. The
 * table in docs/partners.md is this function's answer for the defaults (checked by a test, with the
 * waits pg-boss really stores).
 * @returns one row per retry, in order (empty with no retries)
 */
export function webhookRetrySchedule(config: Pick<WebhooksConfig, 'retryLimit' | 'retryDelaySeconds'>): RetryWait[] {
  return Array.from({ length: config.retryLimit }, (_, index) => {
    const earliestSeconds = config.retryDelaySeconds * 2 ** Math.min(index, MAX_DOUBLINGS);
    return { retry: index + 1, earliestSeconds, latestSeconds: earliestSeconds * 2 };
  });
}

/** A wait in words: `90 s`, `12 min`, `1 h 36 min`. */
function duration(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/**
 * The schedule in one sentence, for the OpenAPI document (true to the server's configuration):
 * each retry's range and when the delivery is marked failed, e.g. "Retry 1 after 90 s to 180 s, ...".
 */
export function describeRetrySchedule(config: Pick<WebhooksConfig, 'retryLimit' | 'retryDelaySeconds'>): string {
  const waits = webhookRetrySchedule(config);
  if (waits.length === 0) return 'A delivery not answered 2xx is not retried: it is logged failed at once.';
  const earliest = waits.reduce((sum, wait) => sum + wait.earliestSeconds, 0);
  const latest = waits.reduce((sum, wait) => sum + wait.latestSeconds, 0);
  const steps = waits.map((wait) => `${duration(wait.earliestSeconds)} to ${duration(wait.latestSeconds)}`);
  return (
    `A delivery not answered 2xx is retried ${waits.length} times. Retry n waits, after the failed attempt, between ` +
    `${config.retryDelaySeconds} × 2^(n-1) seconds and twice that (random jitter): ${steps.join(', ')}. ` +
    `The last attempt is ${duration(earliest)} to ${duration(latest)} after the first (plus the attempts' own time); ` +
    'if it fails too, the delivery is logged failed and can be sent again (redeliverWebhookDelivery).'
  );
}
