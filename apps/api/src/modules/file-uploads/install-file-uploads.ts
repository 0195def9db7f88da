import { DEFAULT_LANGUAGE, FILE_UPLOAD_NOTICES, MEMBER_LANGUAGES } from '@bcp/contract';
import type { FastifyInstance } from 'fastify';
import { renderMessage } from '../../platform/templating/render-message.js';
import { announceClaimMove } from '../benefit-claims/index.js';
import { startUploadEnrichment } from '../enrichment/index.js';
import { findFundName } from '../funds/index.js';
import { recordNotificationForMany } from '../notifications/index.js';
import { findMessagePreferences } from '../person-users/index.js';
import { queueWatchlistNotices } from '../watchlist/index.js';
import { ACCEPT_UPLOAD_QUEUE, type AcceptAnnouncements, acceptUpload } from './accept-upload.job.js';
import { VALIDATE_UPLOAD_QUEUE, validateUpload } from './validate-upload.job.js';

/**
 * Declares the file upload jobs on `app.jobs` (issue 16): reading and checking an uploaded
 * file, and loading an accepted one.
 * Call after `installNotifications`, which creates `app.jobs`, and before the app is ready.
 */
export function installFileUploads(app: FastifyInstance): void {
  app.jobs.define<{ fileUploadId: number }>(
    VALIDATE_UPLOAD_QUEUE,
    (job) =>
      validateUpload(
        { db: app.db, files: app.files, checks: { fromBytes: app.config.uploadCheckWorkerFromBytes } },
        job.data.fileUploadId,
      ),
    { retryLimit: 2, expireInSeconds: 3600 },
  );
  const announce: AcceptAnnouncements = {
    newMoney: async (tx, personUserIds, fundId) => {
      const fund = await findFundName(tx, fundId);
      // One batch per language the members read (decision 036).
      const preferences = await findMessagePreferences(tx, personUserIds);
      for (const language of MEMBER_LANGUAGES) {
        const members = personUserIds.filter((id) => (preferences.get(id)?.language ?? DEFAULT_LANGUAGE) === language);
        if (members.length === 0) continue;
        const message = await renderMessage(tx, {
          key: 'benefit.found',
          kind: 'push',
          language,
          data: { fundName: fund?.name ?? '' },
          fallback: {
            subject: FILE_UPLOAD_NOTICES.newMoneyTitle('{{ fundName }}'),
            body: FILE_UPLOAD_NOTICES.newMoneyBody,
          },
        });
        await recordNotificationForMany(tx, app.jobs, members, {
          title: message.subject ?? FILE_UPLOAD_NOTICES.newMoneyTitle(fund?.name ?? ''),
          body: message.html ?? message.text,
          event: 'benefit.found',
        });
      }
    },
    watchedMoney: async (tx, fileUploadId) => {
      await queueWatchlistNotices(tx, app.jobs, app.config.appSecret as string, fileUploadId);
    },
    claimPaid: (tx, claimId) => announceClaimMove(tx, app.jobs, claimId),
    committed: () => app.jobs.wake(),
    memberFileLoaded: async (fileUploadId, fundId) => {
      await startUploadEnrichment({ db: app.db, jobs: app.jobs }, fileUploadId, fundId);
    },
  };
  app.jobs.define<{ fileUploadId: number }>(
    ACCEPT_UPLOAD_QUEUE,
    (job) => acceptUpload({ db: app.db, announce }, job.data.fileUploadId),
    // A crash mid-way rolls the load back and leaves the upload `accepting`: the retry loads it.
    { retryLimit: 2, expireInSeconds: 3600 },
  );
}
