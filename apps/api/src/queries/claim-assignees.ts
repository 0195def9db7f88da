import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/users.js';

/**
 * Read model of the claims' assignees (issue 36 item 4; issue 35 item 3): the staff users who can
 * be given claims, among those platform's RBAC says hold `claims.review`
 * (`userIdsHoldingPermission`). Read only.
 */

/** A staff user who can be given claims. */
export interface AssignableStaff {
  userId: number;
  name: string;
  email: string;
}

/**
 * The active, not deleted staff users among `userIds`, by name then id; empty when none (or
 * `userIds` is empty).
 */
export async function activeStaffAmong(db: Database, userIds: readonly number[]): Promise<AssignableStaff[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), eq(users.active, true), isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.id));
}
