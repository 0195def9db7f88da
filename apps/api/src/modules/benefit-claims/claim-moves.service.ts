import { CLAIM_MESSAGES, type ClaimStatus, canMoveClaim } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { announceClaimMove, announceClaimToPartners } from './claim-announcements.js';
import {
  type ClaimColumns,
  type ClaimMoveRecord,
  markApprovedClaimsPaid,
  type PaymentConfirmationRows,
  recordClaimMove,
  updateClaimStatus,
} from './claim-moves.repository.js';

/** What moving a claim needs: the database and the job queue the member's notification is queued on. */
export interface ClaimDependencies {
  db: Database;
  jobs: JobQueue;
}

/** Who moved a claim: the member, a staff user, the fund's partner, or the system. */
export interface ClaimActor {
  type: 'person_user' | 'user' | 'partner' | 'system';
  id: number | null;
}

/** What a benefit's status becomes when its claim reaches a status. */
const BENEFIT_STATUS_FOR: Partial<Record<ClaimStatus, 'unclaimed' | 'claimed' | 'paid'>> = {
  submitted: 'claimed',
  rejected: 'unclaimed',
  paid: 'paid',
};

export interface ClaimMove {
  claimId: number;
  from: ClaimStatus;
  to: ClaimStatus;
  actor: ClaimActor;
  /** Shown to the member in the timeline, e.g. a rejection reason. */
  note?: string | null;
  /** Further columns to set with the move (e.g. the accepted payout at submission). */
  set?: ClaimColumns;
  /** Further work in the move's transaction (e.g. the staff review task of a submitted claim). */
  alsoIn?: (tx: Database) => Promise<unknown>;
  /** Default true: tell the member (false for a step the next move of the same call passes over). */
  announce?: boolean;
}

/**
 * Who is told of a claim's move, in the move's transaction: the member (`announceClaimMove`) and
 * the partners subscribed to the claim's fund (`announceClaimToPartners`; a status without a
 * partner event tells none).
 */
export interface ClaimAnnouncer {
  member: (tx: Database, claimId: number) => Promise<void>;
  partners?: (tx: Database, claimId: number, status: ClaimStatus) => Promise<void>;
}

/** The announcer of a move whose notifications and webhook jobs go on `jobs` (stored with the move). */
export function claimAnnouncer(jobs: JobQueue): ClaimAnnouncer {
  return {
    member: (tx, claimId) => announceClaimMove(tx, jobs, claimId),
    partners: (tx, claimId, status) => announceClaimToPartners(tx, jobs, claimId, status),
  };
}

/**
 * The definition of a move from `from` to `to`, for one claim or many: whether it is allowed
 * (`canMoveClaim`), and the record it leaves (the actor, the time, the benefit's status that
 * follows: claimed, back to unclaimed on rejection, paid).
 * @throws AppError `conflict` (409) when the move is not allowed
 */
function claimMoveRecord(from: ClaimStatus, to: ClaimStatus, actor: ClaimActor, at: Date): ClaimMoveRecord {
  if (!canMoveClaim(from, to)) {
    throw new AppError('conflict', `A claim cannot move from ${from} to ${to}.`, undefined, {
      code: 'claim_state_conflict',
      params: { from, to },
    });
  }
  const benefitStatus = BENEFIT_STATUS_FOR[to];
  return { from, to, actorType: actor.type, actorId: actor.id, at, ...(benefitStatus ? { benefitStatus } : {}) };
}

/** The columns a move to `to` stamps on a claim (submitted, decided, paid; a void first approval). */
function claimMoveStamps(to: ClaimStatus, note: string | null, at: Date): ClaimColumns {
  const stamps: ClaimColumns = {};
  if (to === 'submitted') stamps.submittedAt = at;
  if (to === 'approved' || to === 'rejected') stamps.decidedAt = at;
  if (to === 'rejected') stamps.rejectionReason = note;
  if (to === 'paid') stamps.paidAt = at;
  // A first approval (four-eyes, issue 36 item 2) holds only while the claim stays in review:
  // any other move (more information asked, rejected) voids it.
  if (to !== 'approved' && to !== 'paid' && to !== 'in_review') {
    stamps.firstApprovedByUserId = null;
    stamps.firstApprovedAt = null;
  }
  return stamps;
}

/** Tells of the claims' move to `to` in its transaction: the member (unless `member` is false) and partners. */
async function announceClaimMoves(
  tx: Database,
  announcer: ClaimAnnouncer,
  claimIds: readonly number[],
  to: ClaimStatus,
  member = true,
): Promise<void> {
  for (const claimId of claimIds) {
    if (member) await announcer.member(tx, claimId);
    await announcer.partners?.(tx, claimId, to);
  }
}

/**
 * Moves a claim from one status to the next (issue 4: draft -> submitted -> in_review -> approved |
 * rejected -> paid) and records the move with time and actor, in one transaction. The update is
 * conditional on the claim still being in `from`, so of two racing moves exactly one wins. The
 * benefit's status follows (claimed, back to unclaimed on rejection, paid).
 *
 * The member is told in the same transaction (issue 15 item 1; `announceClaimMove`): the
 * notification and its delivery jobs are stored with the move, or not at all if it rolls back, and
 * a crash after the commit still delivers them (after the restart). Partners' webhooks
 * (`announceClaimToPartners`) are queued the same way. Workers are woken once it has
 * committed. Callers never announce a move themselves. The move's definition (allowed, record,
 * announcements) is shared with `markPaidFromStaging`.
 * @returns the time of the move
 * @throws AppError `conflict` (409) when the move is not allowed or the claim is no longer in `from`
 */
export async function moveClaim(deps: ClaimDependencies, move: ClaimMove, now: Date = new Date()): Promise<Date> {
  const record = claimMoveRecord(move.from, move.to, move.actor, now);
  const note = move.note ?? null;
  const movedAt = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const columns = { ...move.set, ...claimMoveStamps(move.to, note, now) };
    const benefitId = await updateClaimStatus(tx, move.claimId, move.from, move.to, columns);
    if (benefitId === undefined) {
      throw move.from === 'draft'
        ? new AppError('conflict', CLAIM_MESSAGES.alreadySubmitted, undefined, { code: 'claim_already_submitted' })
        : new AppError('conflict', 'This claim has moved on since.', undefined, { code: 'claim_changed' });
    }
    await recordClaimMove(tx, { claimId: move.claimId, benefitId, note }, record);
    await move.alsoIn?.(tx);
    await announceClaimMoves(tx, claimAnnouncer(deps.jobs), [move.claimId], move.to, move.announce !== false);
    return now;
  });
  deps.jobs.wake();
  return movedAt;
}

/**
 * Payment confirmations (issue 16 rule 8; issue 35 item 2): moves every approved claim of fund
 * `fundId` named by a row of `rows` (an upload's valid staging rows, `stagedRows` of file-uploads;
 * columns in `PaymentConfirmationRows`) to `paid`, set-based in the caller's
 * transaction `tx`, by the same definition as `moveClaim` (allowed move, event with actor `system`
 * and the payment reference as note, benefit `paid`, the member told through `announcer`, partners
 * when the announcer has them). The claim takes the row's payment reference and date paid (else
 * now). A claim no longer approved is left alone. The caller wakes the job workers once committed.
 * @returns the ids of the claims paid
 * @throws database errors (the caller's transaction rolls back)
 */
export async function markPaidFromStaging(
  tx: Database,
  rows: PaymentConfirmationRows,
  fundId: number,
  announcer: ClaimAnnouncer,
  now: Date = new Date(),
): Promise<number[]> {
  const record = claimMoveRecord('approved', 'paid', { type: 'system', id: null }, now);
  const paid = await markApprovedClaimsPaid(tx, rows, fundId, record);
  await announceClaimMoves(tx, announcer, paid, 'paid');
  return paid;
}
