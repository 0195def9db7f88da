import { CLAIM_MESSAGES, type ClaimStatus, canMoveClaim } from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefitClaimEvents, benefitClaims, benefits } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { announceClaimMove, announceClaimToPartners } from './claim-announcements.js';

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
  set?: Partial<typeof benefitClaims.$inferInsert>;
  /** Further work in the move's transaction (e.g. the staff review task of a submitted claim). */
  alsoIn?: (tx: Database) => Promise<unknown>;
  /** Default true: tell the member (false for a step the next move of the same call passes over). */
  announce?: boolean;
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
 * committed. Callers never announce a move themselves.
 * @returns the time of the move
 * @throws AppError `conflict` (409) when the move is not allowed or the claim is no longer in `from`
 */
export async function moveClaim(deps: ClaimDependencies, move: ClaimMove, now: Date = new Date()): Promise<Date> {
  if (!canMoveClaim(move.from, move.to)) {
    throw new AppError('conflict', `A claim cannot move from ${move.from} to ${move.to}.`);
  }
  const movedAt = await deps.db.transaction(async (tx) => {
    const stamps: Partial<typeof benefitClaims.$inferInsert> = {};
    if (move.to === 'submitted') stamps.submittedAt = now;
    if (move.to === 'approved' || move.to === 'rejected') stamps.decidedAt = now;
    if (move.to === 'rejected') stamps.rejectionReason = move.note ?? null;
    if (move.to === 'paid') stamps.paidAt = now;
    // A first approval (four-eyes, issue 36 item 2) holds only while the claim stays in review:
    // any other move (more information asked, rejected) voids it.
    if (move.to !== 'approved' && move.to !== 'paid' && move.to !== 'in_review') {
      stamps.firstApprovedByUserId = null;
      stamps.firstApprovedAt = null;
    }
    const [moved] = await tx
      .update(benefitClaims)
      .set({ ...move.set, ...stamps, status: move.to })
      .where(and(eq(benefitClaims.id, move.claimId), eq(benefitClaims.status, move.from)))
      .returning({ benefitId: benefitClaims.benefitId });
    if (!moved) {
      throw new AppError(
        'conflict',
        move.from === 'draft' ? CLAIM_MESSAGES.alreadySubmitted : 'This claim has moved on since.',
      );
    }
    await tx.insert(benefitClaimEvents).values({
      claimId: move.claimId,
      fromStatus: move.from,
      toStatus: move.to,
      actorType: move.actor.type,
      actorId: move.actor.id,
      note: move.note ?? null,
      createdAt: now,
    });
    const benefitStatus = BENEFIT_STATUS_FOR[move.to];
    if (benefitStatus) await tx.update(benefits).set({ status: benefitStatus }).where(eq(benefits.id, moved.benefitId));
    await move.alsoIn?.(tx as unknown as Database);
    if (move.announce !== false) await announceClaimMove(tx as unknown as Database, deps.jobs, move.claimId);
    await announceClaimToPartners(tx as unknown as Database, deps.jobs, move.claimId, move.to);
    return now;
  });
  deps.jobs.wake();
  return movedAt;
}
