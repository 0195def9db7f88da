import {
  ASSIGNMENT_MESSAGES,
  type BulkClaimAssigneeResponse,
  CLAIM_MESSAGES,
  type ClaimAssigneeOptionsResponse,
  type ClaimAssignmentResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefitClaims, permissions, rolePermissions, roles, userRoles, users } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findClaimAssignee } from '../../queries/claim-queue.js';

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

/** Users who may be given claims: active, not deleted, holding `claims.review` through a role (or super-admins). */
function assignableCondition() {
  const reviewers = sql`${users.id} in (
    select ${userRoles.userId} from ${userRoles}
    join ${roles} on ${roles.id} = ${userRoles.roleId}
    left join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id}
    left join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
    where ${roles.superAdmin} or ${permissions.name} = 'claims.review')`;
  return and(eq(users.active, true), isNull(users.deletedAt), reviewers);
}

/**
 * `GET /api/v1/benefits/claims/assignees`: every staff user who can be given claims, by name.
 */
export async function listClaimAssignees(db: Database): Promise<ClaimAssigneeOptionsResponse> {
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(users)
    .where(assignableCondition())
    .orderBy(asc(users.name), asc(users.id));
  return { items: rows };
}

/**
 * Checks the new assignee can be given claims (null: nobody), and returns their name.
 * @throws AppError `validation` (422, `userId`)
 */
async function assigneeName(db: Database, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [user] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), assignableCondition()));
  if (!user) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { userId: [ASSIGNMENT_MESSAGES.notAssignable] });
  }
  return user.name;
}

/** Whether moving a claim from `current` to `target` concerns anyone but the assigner (then `claims.assign` is needed). */
function concernsOthers(current: number | null, target: number | null, assigner: Assigner): boolean {
  return (target !== null && target !== assigner.userId) || (current !== null && current !== assigner.userId);
}

type ClaimRef = { id: number; status: string; assignedUserId: number | null };

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
  const previous = new Map<number, string>();
  const previousIds = [
    ...new Set(moving.map((claim) => claim.assignedUserId).filter((id): id is number => id !== null)),
  ];
  if (previousIds.length > 0) {
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, previousIds));
    for (const row of rows) previous.set(row.id, row.name);
  }
  await db.transaction(async (tx) => {
    for (const claim of moving) {
      const [changed] = await tx
        .update(benefitClaims)
        .set({ assignedUserId: target.userId, assignedAt: target.userId === null ? null : new Date() })
        .where(
          and(
            eq(benefitClaims.id, claim.id),
            claim.assignedUserId === null
              ? isNull(benefitClaims.assignedUserId)
              : eq(benefitClaims.assignedUserId, claim.assignedUserId),
          ),
        )
        .returning({ id: benefitClaims.id });
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

const claimRefColumns = {
  id: benefitClaims.id,
  status: benefitClaims.status,
  assignedUserId: benefitClaims.assignedUserId,
};

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
  const [claim] = await db.select(claimRefColumns).from(benefitClaims).where(eq(benefitClaims.id, claimId));
  if (!claim) throw new AppError('not_found', CLAIM_MESSAGES.claimNotFound);
  checkMayAssign([claim], userId, assigner);
  const name = await assigneeName(db, userId);
  await reassign(db, [claim], { userId, name }, context);
  const [after] = await db
    .select({ assignedUserId: benefitClaims.assignedUserId, assignedAt: benefitClaims.assignedAt })
    .from(benefitClaims)
    .where(eq(benefitClaims.id, claimId));
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
  const claims = await db
    .select(claimRefColumns)
    .from(benefitClaims)
    .where(inArray(benefitClaims.id, claimIds))
    .orderBy(asc(benefitClaims.id));
  if (claims.length !== claimIds.length) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { claimIds: [ASSIGNMENT_MESSAGES.claimsNotFound] });
  }
  checkMayAssign(claims, userId, assigner);
  const name = await assigneeName(db, userId);
  const changed = await reassign(db, claims, { userId, name }, context);
  return { changed, unchanged: claims.length - changed };
}
