import type { Database } from '../../db/client.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { isUniqueViolation } from '../../platform/errors/error-handler.js';
import { newMoneyRecipients } from '../../queries/new-money-recipients.js';
import { markPaidFromStaging } from '../benefit-claims/index.js';
import * as benefits from '../benefits/index.js';
import type { LoadMode } from '../persons/index.js';
import * as persons from '../persons/index.js';
import {
  findUpload,
  holdUploadAndFund,
  markAccepted,
  markFailed,
  setLocalWorkMem,
  stagedRows,
} from './file-uploads.repository.js';
import { type UploadPhaseClock, uploadPhaseClock } from './upload-phases.js';

/** The job queue that loads an accepted upload's valid staging rows. */
export const ACCEPT_UPLOAD_QUEUE = 'file-upload-accept';

/** What a load did: rows loaded, person users to tell of new money, claims paid to announce. */
interface Loaded {
  importedCount: number;
  tell: number[];
  paidClaims?: number[];
}

/**
 * What loading tells people, in the load's transaction (the notification service; see
 * `install-file-uploads.ts`): stored with the load, or not at all.
 */
export interface AcceptAnnouncements {
  /** "New money found for you at {fund}" to each person user, batched. */
  newMoney: (tx: Database, personUserIds: number[], fundId: number) => Promise<void>;
  /**
   * Issue 21 item 3: one notice to each watchlist entry whose ID number gained a new benefit in
   * this member file (persons without an account), queued in the load's transaction.
   */
  watchedMoney?: (tx: Database, fileUploadId: number) => Promise<void>;
  /** The claim's move to paid, as the partner API announces it. */
  claimPaid: (tx: Database, claimId: number) => Promise<void>;
  /** Once the load has committed: start what was queued (wakes the job workers). */
  committed: () => void;
  /** A member file's persons are in, committed: enrich them (issue 17; the enrichment module queues its run). */
  memberFileLoaded?: (fileUploadId: number, fundId: number) => Promise<void>;
}

/**
 * A member file's valid rows loaded as persons and benefits, set-based, each by its owner's rule:
 * persons by ID number (`loadFromStaging` of persons), then benefits by fund, member number and
 * type (`loadFromStaging` of benefits, without per-row foreign key checks: the upload and its fund
 * are held here and every person of the rows was just written). The last row of the file wins for
 * a repeated ID number or benefit. Plain inserts of the new ones first (decision 023, in a
 * savepoint); if another writer inserted one of them meanwhile (a unique violation), again with
 * `ON CONFLICT`.
 * @returns benefits recorded or updated, and the person users who gained a new benefit
 */
async function loadMemberFile(
  db: Database,
  tx: Database,
  id: number,
  fundId: number,
  clock: UploadPhaseClock,
): Promise<Loaded> {
  const staged = stagedRows(id);
  const load = async (into: Database, mode: LoadMode, suffix: string) => {
    await clock.time(`persons${suffix}`, () => persons.loadFromStaging(into, staged, mode));
    await holdUploadAndFund(into, id, fundId);
    return clock.time(`benefits${suffix}`, () =>
      benefits.loadFromStaging(db, into, persons.withPersonIds(staged), { fundId, fileUploadId: id }, mode),
    );
  };
  let importedCount: number;
  try {
    importedCount = await tx.transaction((savepoint) => load(savepoint as unknown as Database, 'plain', ''));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    importedCount = await load(tx, 'on-conflict', ' (on conflict)');
  }
  return { importedCount, tell: await newMoneyRecipients(tx, id) };
}

/** Trace results' valid rows: the contact details found, on the persons known (set-based). */
async function loadTraceResults(tx: Database, id: number): Promise<Loaded> {
  return { importedCount: await persons.updateContactsFromStaging(tx, stagedRows(id)), tell: [] };
}

/**
 * Loads an accepted upload (issue 16 rule 5), all or nothing: one transaction moves the valid
 * staging rows with set-based `INSERT ... SELECT ... ON CONFLICT` and marks the upload `accepted`
 * with its count (audited `file-uploads.loaded`). If anything fails nothing is loaded and the
 * upload is `failed` with a reason. In the same transaction members who gained a new benefit are
 * told (issue 16 rule 7, batched) and paid claims announced (rule 8), like the partner API does:
 * stored with the load or not at all. A crash mid-way rolls everything back; the job's retry loads
 * again from the staging rows.
 */
export async function acceptUpload(deps: { db: Database; announce: AcceptAnnouncements }, id: number): Promise<void> {
  const { db } = deps;
  const upload = await findUpload(db, id);
  if (upload?.status !== 'accepting') return;
  const clock = uploadPhaseClock(id, 'accept');
  let committing = 0;
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      // Room to sort and hash a large file's rows in memory rather than on disk (this transaction only).
      await setLocalWorkMem(tx, '64MB');
      const result =
        upload.kind === 'member_file'
          ? await loadMemberFile(db, tx, id, upload.fundId, clock)
          : upload.kind === 'trace_results'
            ? await loadTraceResults(tx, id)
            : {
                importedCount: (
                  await markPaidFromStaging(tx, stagedRows(id), upload.fundId, { member: deps.announce.claimPaid })
                ).length,
                tell: [],
              };
      const { importedCount } = result;
      await clock.time('announcements', async () => {
        if (result.tell.length > 0) await deps.announce.newMoney(tx, result.tell, upload.fundId);
        if (upload.kind === 'member_file') await deps.announce.watchedMoney?.(tx, id);
        for (const claimId of result.paidClaims ?? []) await deps.announce.claimPaid(tx, claimId);
      });
      await markAccepted(tx, id, importedCount);
      await recordAudit(tx, {
        actor: { type: 'system', label: ACCEPT_UPLOAD_QUEUE },
        action: 'file-uploads.loaded',
        entityType: 'file-uploads',
        entityId: id,
        after: { importedCount },
      });
      committing = performance.now();
    });
    clock.add('commit', (performance.now() - committing) / 1000);
  } catch {
    await markFailed(db, id, 'Loading the rows failed; nothing was loaded.');
    return;
  }
  deps.announce.committed();
  clock.publish();
  if (upload.kind === 'member_file') await deps.announce.memberFileLoaded?.(id, upload.fundId);
}
