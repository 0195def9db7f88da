import type { FastifyInstance } from 'fastify';
import { buildPartnerFile, PARTNER_FILE_QUEUE } from './build-partner-file.job.js';

/** Declares the job that builds tracing partner files (issue 17). Call before the app is ready. */
export function installPartnerFiles(app: FastifyInstance): void {
  app.jobs.define<{ fileId: number }>(
    PARTNER_FILE_QUEUE,
    (job) => buildPartnerFile({ db: app.db, files: app.files }, job.data.fileId),
    { retryLimit: 0, expireInSeconds: 3600 },
  );
}
