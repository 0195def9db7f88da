import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/idempotency-keys.js';
import { AppError } from '../errors/app-error.js';

/** How long a key's first answer is kept and replayed, in seconds (24 hours, issue 4). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** `Idempotency-Key` values: 1 to 255 printable ASCII characters (a UUID is typical). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  reused: 'This Idempotency-Key was already used with a different request.',
  inProgress: 'A request with this Idempotency-Key is still running. Try again in a moment.',
  malformed: 'The Idempotency-Key header must be 1 to 255 printable characters.',
} as const;

export interface IdempotentRequest {
  /** The operation, e.g. `benefit-claims.submit`. */
  scope: string;
  /** Whose key, e.g. `person_user:42`: keys of different callers never meet. */
  owner: string;
  /** The header's value; undefined runs the operation without idempotency. */
  key: string | undefined;
  /** What makes two requests "the same": e.g. the path's ids and the body. */
  request: unknown;
}

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
  /** The answer is a replay of the first one. */
  replayed: boolean;
}

/** Canonical JSON (sorted keys) so that key order does not make two bodies differ. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Runs an operation at most once per `Idempotency-Key` (IETF draft "The Idempotency-Key HTTP
 * Header Field", as Stripe does): the first request's answer, success or refusal (4xx), is kept for
 * 24 hours and replayed to every retry with the same key and the same request. A different request
 * with the same key is 422; a retry while the first still runs is 409. Server faults (other
 * errors) are not kept, so the client may retry them.
 * @param run the operation; returns the status and body to answer, or throws an `AppError`
 */
export async function runIdempotent<T>(
  db: Database,
  input: IdempotentRequest,
  run: () => Promise<{ status: number; body: T }>,
  now: Date = new Date(),
): Promise<IdempotentAnswer<T>> {
  if (input.key === undefined) return { ...(await run()), replayed: false };
  if (!IDEMPOTENCY_KEY_PATTERN.test(input.key)) {
    throw new AppError(
      'validation',
      IDEMPOTENCY_MESSAGES.malformed,
      {
        'Idempotency-Key': [IDEMPOTENCY_MESSAGES.malformed],
      },
      { code: 'idempotency_key_malformed' },
    );
  }
  const requestHash = createHash('sha256').update(canonicalJson(input.request)).digest('hex');
  const where = and(
    eq(idempotencyKeys.scope, input.scope),
    eq(idempotencyKeys.owner, input.owner),
    eq(idempotencyKeys.key, input.key),
  );
  // Forget an expired answer so the key can start afresh.
  await db.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.expiresAt, now)));
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({
      scope: input.scope,
      owner: input.owner,
      key: input.key,
      requestHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });

  if (!claimed) {
    const [first] = await db.select().from(idempotencyKeys).where(where);
    if (!first)
      throw new AppError('conflict', IDEMPOTENCY_MESSAGES.inProgress, undefined, { code: 'idempotency_in_progress' });
    if (first.requestHash !== requestHash) {
      throw new AppError(
        'validation',
        IDEMPOTENCY_MESSAGES.reused,
        {
          'Idempotency-Key': [IDEMPOTENCY_MESSAGES.reused],
        },
        { code: 'idempotency_key_reused' },
      );
    }
    if (first.responseStatus === null)
      throw new AppError('conflict', IDEMPOTENCY_MESSAGES.inProgress, undefined, { code: 'idempotency_in_progress' });
    return { status: first.responseStatus, body: first.responseBody as T, replayed: true };
  }

  const keep = (status: number, body: unknown) =>
    db
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: body })
      .where(eq(idempotencyKeys.id, claimed.id));
  try {
    const answer = await run();
    await keep(answer.status, answer.body);
    return { ...answer, replayed: false };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await keep(error.status, { message: error.message, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) });
    } else {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed.id));
    }
    throw error;
  }
}
