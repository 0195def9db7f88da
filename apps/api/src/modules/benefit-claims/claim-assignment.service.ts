import {
  ASSIGNMENT_MESSAGES,
  type BulkClaimAssigneeResponse,
  CLAIM_MESSAGES,
  type ClaimAssigneeOptionsResponse,
  type ClaimAssignmentResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { userIdsHoldingPermission } from '../../platform/rbac/permission-holders.js';
import { type AssignableStaff, activeStaffAmong } from '../../queries/claim-assignees.js';
import { findClaimAssignee } from '../../queries/claim-queue.js';
import { staffUserNames } from '../users/index.js';
import { type ClaimRef, findClaimById, findClaimRefs, setClaimAssignee } from './benefit-claims.repository.js';

/**
 * Claim assignment (issue 36 item 4, decision 040): the staff user working a claim. Taking a claim
 * (oneself as assignee) or letting one's own claim go needs `claims.review` (the routes' permission);
 * giving a claim to someone else, or taking it from someone else, needs `claims.assign` too. Only
 * active staff users holding `claims.review` can be assignees. Each change is audited
 * (`claims.assigned`, the assignee before and after).
 */

/** Who assigns: the signed-in staff user and whether they hold `claims.assign`. */
export interface Assigner {
  userId: number;
  mayAssignOthers: boolean;
}

/**
 * Users who may be given claims, by name then id: active, not deleted, holding `claims.review`
 * through a role (or super-admins); only those among `among` when given.
 */
async function assignableStaff(db: Database, among?: readonly number[]): Promise<AssignableStaff[]> {
  const reviewers = await userIdsHoldingPermission(db, 'claims.review');
  return activeStaffAmong(db, among ? reviewers.filter((id) => among.includes(id)) : reviewers);
}

/**
 * `GET /api/v1/benefits/claims/assignees`: every staff user who can be given claims, by name.
 */
export async function listClaimAssignees(db: Database): Promise<ClaimAssigneeOptionsResponse> {
  return { items: await assignableStaff(db) };
}

/**
 * Checks the new assignee can be given claims (null: nobody), and returns their name.
 * @throws AppError `validation` (422, `userId`)
 */
async function assigneeName(db: Database, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [user] = await assignableStaff(db, [userId]);
  if (!user) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { userId: [ASSIGNMENT_MESSAGES.notAssignable] });
  }
  return user.name;
}

/** Whether moving a claim from `current` to `target` concerns anyone but the assigner (then `claims.assign` is needed). */
function concernsOthers(current: number | null, target: number | null, assigner: Assigner): boolean {
  return (target !== null && target !== assigner.userId) || (current !== null && current !== assigner.userId);
}

/**
 * Gives the claims to `userId` (null: nobody) in one transaction: each claim whose assignee
 * differs changes, conditional on its assignee being still the one read (two people taking the
 * same claim at once: one wins, the other hears 409), and is audited.
 * @returns how many changed
 */
async function reassign(
  db: Database,
  claims: ClaimRef[],
  target: { userId: number | null; name: string | null },
  context: AuditContext,
): Promise<number> {
  const moving = claims.filter((claim) => claim.assignedUserId !== target.userId);
  if (moving.length === 0) return 0;
  const previous = await staffUserNames(
    db,
    moving.map((claim) => claim.assignedUserId),
  );
  await db.transaction(async (tx) => {
    for (const claim of moving) {
      const changed = await setClaimAssignee(tx as unknown as Database, claim.id, claim.assignedUserId, {
        userId: target.userId,
        at: target.userId === null ? null : new Date(),
      });
      if (!changed)
        throw new AppError('conflict', `Claim ${claim.id} was given to someone else meanwhile. Look again.`);
      await recordAudit(tx, {
        ...context,
        action: 'claims.assigned',
        entityType: 'claims',
        entityId: claim.id,
        before: {
          assignedUserId: claim.assignedUserId,
          assignee: claim.assignedUserId === null ? null : (previous.get(claim.assignedUserId) ?? null),
        },
        after: { assignedUserId: target.userId, assignee: target.name },
      });
    }
  });
  return moving.length;
}

/** Refuses drafts (the member's own until submitted) and, without `claims.assign`, claims of others. */
function checkMayAssign(claims: ClaimRef[], target: number | null, assigner: Assigner): void {
  if (claims.some((claim) => claim.status === 'draft')) {
    throw new AppError('conflict', 'A draft claim is the member’s own until it is submitted; it cannot be assigned.');
  }
  if (!assigner.mayAssignOthers && claims.some((claim) => concernsOthers(claim.assignedUserId, target, assigner))) {
    throw new AppError('forbidden', ASSIGNMENT_MESSAGES.othersPermission);
  }
}

/**
 * `POST /api/v1/benefits/claim/{id}/assignee`: gives the claim to `userId`, or to nobody (null).
 * The same assignee again changes nothing.
 * @returns the assignee now
 * @throws AppError `not_found` (404); `forbidden` (403) for someone else's claim or assignee without
 *   `claims.assign`; `validation` (422, `userId`) for a user who cannot be given claims; `conflict`
 *   (409) for a draft, or when the assignee changed meanwhile
 */
export async function assignClaim(
  db: Database,
  claimId: number,
  userId: number | null,
  assigner: Assigner,
  context: AuditContext,
): Promise<ClaimAssignmentResponse> {
  const [claim] = await findClaimRefs(db, [claimId]);
  if (!claim) throw new AppError('not_found', CLAIM_MESSAGES.claimNotFound, undefined, { code: 'claim_not_found' });
  checkMayAssign([claim], userId, assigner);
  const name = await assigneeName(db, userId);
  await reassign(db, [claim], { userId, name }, context);
  const after = await findClaimById(db, claimId);
  return { assignee: after ? await findClaimAssignee(db, after) : null };
}

/**
 * `POST /api/v1/benefits/claims/assignee`: gives up to 100 claims to `userId`, or to nobody, all or
 * none (one transaction); claims that already have that assignee are left as they are.
 * @throws AppError `validation` (422, `claimIds` when one does not exist; `userId`); `forbidden`
 *   (403) and `conflict` (409) as for one claim
 */
export async function assignClaims(
  db: Database,
  claimIds: number[],
  userId: number | null,
  assigner: Assigner,
  context: AuditContext,
): Promise<BulkClaimAssigneeResponse> {
  const claims = await findClaimRefs(db, claimIds);
  if (claims.length !== claimIds.length) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { claimIds: [ASSIGNMENT_MESSAGES.claimsNotFound] });
  }
  checkMayAssign(claims, userId, assigner);
  const name = await assigneeName(db, userId);
  const changed = await reassign(db, claims, { userId, name }, context);
  return { changed, unchanged: claims.length - changed };
}
