import { PARTNER_FILE_MESSAGES, type PartnerFileResponse, type TracingPartnerResponse, wholeList } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import type { Clock } from '../../platform/clock/clock.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { StoredDownload } from '../../platform/files/file-stores.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { countPersonsToTrace } from '../../queries/persons-to-trace.js';
import { activeTracingPartners, isActiveTracingPartner } from '../../queries/tracing-partners.js';
import { PARTNER_FILE_QUEUE, PARTNER_FILES_FOLDER } from './build-partner-file.job.js';
import { findLatestPartnerFile, insertPartnerFile, type PartnerFileRecord } from './partner-files.repository.js';

const CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A partner file as staff see it, with its download link (the permission still applies). */
function toFileResponse(row: PartnerFileRecord): PartnerFileResponse {
  return {
    id: row.id,
    partnerId: row.partnerId,
    format: row.format,
    status: row.status,
    rowCount: row.rowCount,
    downloadUrl: `/api/v1/file-download/${row.partnerId}/download?file=${row.id}`,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** An active tracing partner that is not deleted, or 404. */
async function findTracingPartner(db: Database, partnerId: number): Promise<void> {
  if (!(await isActiveTracingPartner(db, partnerId))) {
    throw new AppError('not_found', PARTNER_FILE_MESSAGES.partnerNotFound);
  }
}

/**
 * The tracing partners that receive files (spec 7 `GET file-download/partners`, issue 17): active,
 * with their funds, how many persons of those funds need tracing, and their latest file.
 */
export async function listTracingPartners(db: Database) {
  const rows = await activeTracingPartners(db);
  const items: TracingPartnerResponse[] = [];
  for (const row of rows) {
    const latest = await findLatestPartnerFile(db, row.id);
    items.push({
      id: row.id,
      name: row.name,
      contactEmail: row.contactEmail,
      funds: row.funds,
      needTracing: await countPersonsToTrace(db, row.id),
      latestFile: latest ? toFileResponse(latest) : null,
    });
  }
  return wholeList(items);
}

/**
 * Starts building a file for a tracing partner (spec 7 `GET file-download/{id}/generate`): the
 * persons of its funds that still need tracing, as CSV or XLSX, by a job (`partner-file-build`).
 * The file's link works for `linkHours`. Audited `partners.file_requested`.
 * @throws AppError 404 unknown, inactive or deleted tracing partner
 */
export async function generatePartnerFile(
  deps: { db: Database; jobs: JobQueue; clock: Clock; linkHours: number },
  partnerId: number,
  format: 'csv' | 'xlsx',
  context: AuditContext & { userId: number },
): Promise<PartnerFileResponse> {
  await findTracingPartner(deps.db, partnerId);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const file = await insertPartnerFile(tx, {
      partnerId,
      format,
      requestedByUserId: context.userId,
      expiresAt: new Date(now.getTime() + deps.linkHours * 3_600_000),
    });
    await recordAudit(tx, {
      ...context,
      action: 'partners.file_requested',
      entityType: 'partners',
      entityId: partnerId,
      after: { fileId: file.id, format },
    });
    await deps.jobs.send(PARTNER_FILE_QUEUE, { fileId: file.id }, { tx });
    return file;
  });
  deps.jobs.wake([PARTNER_FILE_QUEUE]);
  return toFileResponse(row);
}

/**
 * A generated partner file (spec 7 `GET file-download/{id}/download`): `fileId`, or the partner's
 * latest. It holds full ID numbers: each download is audited `partners.file_downloaded`.
 * @throws AppError 404 no such file of this partner; 409 still building or failed; 410 link expired
 */
export async function downloadPartnerFile(
  deps: { db: Database; clock: Clock },
  partnerId: number,
  fileId: number | undefined,
  context: AuditContext,
): Promise<StoredDownload> {
  const { db } = deps;
  const file = await findLatestPartnerFile(db, partnerId, fileId);
  if (!file) throw new AppError('not_found', PARTNER_FILE_MESSAGES.fileNotFound);
  if (file.status === 'queued') throw new AppError('conflict', PARTNER_FILE_MESSAGES.notReady);
  if (file.status === 'failed' || !file.storedName) throw new AppError('conflict', PARTNER_FILE_MESSAGES.failed);
  if (file.expiresAt <= deps.clock.now()) throw new AppError('gone', PARTNER_FILE_MESSAGES.expired);
  await recordAudit(db, {
    ...context,
    action: 'partners.file_downloaded',
    entityType: 'partners',
    entityId: partnerId,
    after: { fileId: file.id, format: file.format, rowCount: file.rowCount },
  });
  return {
    fileName: `to-trace-${partnerId}-${file.id}.${file.format}`,
    contentType: CONTENT_TYPES[file.format],
    folder: PARTNER_FILES_FOLDER,
    storedName: file.storedName,
  };
}
