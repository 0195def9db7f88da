import type { FastifyInstance } from 'fastify';
import {
  INVITATIONS_QUEUE,
  OUTREACH_SCHEDULE_QUEUE,
  queueInvitationsOfActiveFunds,
  sendInvitations,
} from './invitations.service.js';

/**
 * Declares the invitations job and, with `OUTREACH_SCHEDULE`, its schedule for every active fund
 * (issue 17). Call before the app is ready, after the messenger exists.
 */
export function installOutreach(app: FastifyInstance): void {
  app.jobs.define<{ fundId: number; limit?: number }>(
    INVITATIONS_QUEUE,
    async (job) => {
      await sendInvitations(
        {
          db: app.db,
          messenger: app.messenger,
          clock: app.clock,
          dailyCap: app.config.outreach.dailyCapPerFund,
          publicUrl: app.config.publicUrl,
          appSecret: app.config.appSecret as string,
        },
        job.data.fundId,
        job.data.limit,
      );
    },
    { retryLimit: 0, expireInSeconds: 3600 },
  );
  app.jobs.define(
    OUTREACH_SCHEDULE_QUEUE,
    async () => {
      await queueInvitationsOfActiveFunds({ db: app.db, jobs: app.jobs });
    },
    { retryLimit: 0 },
  );
  if (app.config.outreach.schedule) app.jobs.schedule(OUTREACH_SCHEDULE_QUEUE, app.config.outreach.schedule);
}
