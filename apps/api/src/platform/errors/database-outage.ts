import type { FastifyBaseLogger } from 'fastify';

/** Connection-level error codes: Node's socket errors and PostgreSQL's SQLSTATE classes 08, 57P and 53300. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** What `pg` and PGlite say, with no code, when there is no connection to be had. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'Client has encountered a connection error and is not queryable',
  'Connection is closed',
  'PGlite is closed',
];

/**
 * Whether an error means the database cannot be reached (down, restarting, out of connections),
 * as opposed to a query that failed: looks through `cause` chains (Drizzle wraps driver errors)
 * and `AggregateError`s (`pg` tries every address of a host) up to 5 levels deep.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const candidate = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
  if (typeof candidate.message === 'string') {
    const message = candidate.message;
    if (UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text))) return true;
  }
  if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(candidate.cause, depth + 1);
}

/**
 * Logs a database outage once, not once per request (issue 13 item 14): the first failure of an
 * outage is logged as one `error` line (no stack), the rest are counted, and when `probe` answers
 * again (tried every `probeSeconds`) one `info` line says the database is back and how many
 * requests were answered 503 meanwhile.
 */
export class DatabaseOutageLog {
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly probe: () => Promise<void>,
    private readonly probeSeconds = 5,
  ) {}

  /** Records one request that failed because the database could not be reached. */
  record(error: unknown): void {
    this.failures += 1;
    if (this.failures > 1) return;
    const { code, message } = error as { code?: unknown; message?: unknown };
    this.log.error(
      { database: 'unavailable', code: typeof code === 'string' ? code : undefined, reason: String(message ?? '') },
      'database unavailable: answering 503 until it is back',
    );
    this.timer = setInterval(() => void this.check(), this.probeSeconds * 1000);
    this.timer.unref();
  }

  /** Stops probing (server shutdown). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async check(): Promise<void> {
    try {
      await this.probe();
    } catch {
      return;
    }
    this.log.info({ database: 'available', failedRequests: this.failures }, 'database available again');
    this.failures = 0;
    this.stop();
  }
}
