import type { FastifyInstance } from 'fastify';
import { useModulePurge } from '../../platform/retention/purge.service.js';
import { deleteEntriesExpiredBefore } from './watchlist.repository.js';
import {
  sendWatchlistNotice,
  WATCHLIST_QUEUE,
  type WatchlistDependencies,
  type WatchlistNoticeJob,
} from './watchlist.service.js';

/** The watchlist's dependencies from the app (database, messenger, secret, public address). */
export function watchlistDependencies(app: FastifyInstance): WatchlistDependencies {
  return {
    db: app.db,
    messenger: app.messenger,
    secret: app.config.appSecret as string,
    publicUrl: app.config.publicUrl,
  };
}

/**
 * Declares the watchlist notice job (issue 21 item 3): one message to one watch entry, queued by
 * an accepted member file's load (`queueWatchlistNotices`), and gives the retention purge its part
 * (entries past their own end). Call before the app is ready, after the messenger exists.
 */
export function installWatchlist(app: FastifyInstance): void {
  app.jobs.define<WatchlistNoticeJob>(
    WATCHLIST_QUEUE,
    (job) => sendWatchlistNotice(watchlistDependencies(app), job.data),
    {
      // The message itself is an outbox job with its own retries: this one only records it.
      retryLimit: 2,
      expireInSeconds: 300,
    },
  );
  // Platform's retention purge deletes expired entries through the watchlist (issue 35).
  useModulePurge('watchlist', deleteEntriesExpiredBefore);
}
