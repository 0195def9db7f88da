import type { FastifyInstance } from 'fastify';
import { sealAuditChain } from './audit-chain.js';

/** The job queue of the audit chain's sealer. */
export const AUDIT_SEAL_QUEUE = 'audit-chain-seal';

/** Every minute (UTC cron; a minute is the finest a schedule goes): events are chained within about a minute. */
const AUDIT_SEAL_SCHEDULE = '* * * * *';

/** Events one run chains at most (a backlog, e.g. after an import of history, is chained over several runs). */
const AUDIT_SEAL_ROWS_PER_RUN = 20_000;

/**
 * Schedules the sealer of the audit chain (issue 36 item 5, decision 039) on `app.jobs`: each run
 * chains the events committed since the last one (`sealAuditChain`), and returns at once when
 * another process's run holds the lock. Call after `installNotifications`, which creates `app.jobs`.
 */
export function installAuditChain(app: FastifyInstance): void {
  app.jobs.define(
    AUDIT_SEAL_QUEUE,
    async () => {
      const sealed = await sealAuditChain(app.db, { maxRows: AUDIT_SEAL_ROWS_PER_RUN });
      if (sealed > 0) app.log.debug({ sealed }, 'audit chain sealed');
    },
    // A run that failed is overtaken by the next one a minute later.
    { retryLimit: 0, expireInSeconds: 300 },
  );
  app.jobs.schedule(AUDIT_SEAL_QUEUE, AUDIT_SEAL_SCHEDULE);
}
