import type { HealthResponse, ReadinessResponse } from '@bcp/contract';
import { type Database, pingDatabase } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../platform/errors/error-handler.js';

const retryAfter = { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) };

/**
 * The server's health: ok only when the database answers.
 * @throws AppError `unavailable` (503) when the database does not answer
 */
export async function checkHealth(db: Database): Promise<HealthResponse> {
  try {
    await pingDatabase(db);
  } catch {
    throw new AppError('unavailable', 'The database is not answering.', undefined, { headers: retryAfter });
  }
  return { status: 'ok', database: 'up', time: new Date().toISOString() };
}

/**
 * Whether this process can serve (README "Deployment"): the database answers and, when the
 * process uses Redis, Redis answers (rate limits of PIN, sign-in and search routes fail closed
 * without it, and live updates would not reach other processes).
 * @param pingRedis a ping of the process's Redis; undefined when it uses none
 * @throws AppError `unavailable` (503) naming what does not answer
 */
export async function checkReadiness(
  db: Database,
  pingRedis: (() => Promise<void>) | undefined,
): Promise<ReadinessResponse> {
  await checkHealth(db);
  if (pingRedis) {
    try {
      await pingRedis();
    } catch {
      throw new AppError('unavailable', 'Redis is not answering.', undefined, { headers: retryAfter });
    }
  }
  return { status: 'ready', database: 'up', redis: pingRedis ? 'up' : 'not-used', time: new Date().toISOString() };
}
