import type { FastifyInstance } from 'fastify';
import { ACCEPT_UPLOAD_QUEUE, acceptUpload } from './accept-upload.job.js';
import { VALIDATE_UPLOAD_QUEUE, validateUpload } from './validate-upload.job.js';

/**
 * Declares the file upload jobs on `app.jobs` (issue 16): reading and checking an uploaded
 * file, and loading an accepted one.
 * Call after `installNotifications`, which creates `app.jobs`, and before the app is ready.
 */
export function installFileUploads(app: FastifyInstance): void {
  app.jobs.define<{ fileUploadId: number }>(
    VALIDATE_UPLOAD_QUEUE,
    (job) => validateUpload({ db: app.db, dataDir: app.config.dataDir }, job.data.fileUploadId),
    { retryLimit: 1 },
  );
  app.jobs.define<{ fileUploadId: number }>(ACCEPT_UPLOAD_QUEUE, (job) => acceptUpload(app.db, job.data.fileUploadId), {
    retryLimit: 0,
  });
}
