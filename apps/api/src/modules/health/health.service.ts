import type { HealthResponse } from '@bcp/contract';
import { type Database, pingDatabase } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../platform/errors/error-handler.js';

/**
 * The server's health: ok only when the database answers.
 * @throws AppError `unavailable` (503) when the database does not answer
 */
export async function checkHealth(db: Database): Promise<HealthResponse> {
  try {
    await pingDatabase(db);
  } catch {
    throw new AppError('unavailable', 'The database is not answering.', undefined, {
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  return { status: 'ok', database: 'up', time: new Date().toISOString() };
}
