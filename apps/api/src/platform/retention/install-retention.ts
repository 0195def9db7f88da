import type { FastifyInstance } from 'fastify';
import { purgeExpiredRecords } from './purge.service.js';

/** The job queue of the retention purge. */
export const RETENTION_QUEUE = 'retention-purge';

/**
 * Schedules the retention purge (issue 15 item 4) on `app.jobs` at `config.retention.schedule`
 * (cron, UTC; default hourly at minute 17) and logs what each run deleted (counts only). Call after
 * `installNotifications`, which creates `app.jobs`, and before the app is ready.
 */
export function installRetention(app: FastifyInstance): void {
  const { schedule, ...periods } = app.config.retention;
  app.jobs.define(RETENTION_QUEUE, async () => {
    const deleted = await purgeExpiredRecords(app.db, periods);
    app.log.info({ deleted }, 'retention purge');
  });
  app.jobs.schedule(RETENTION_QUEUE, schedule);
}
