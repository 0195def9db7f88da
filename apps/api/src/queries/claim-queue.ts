import type { AdminClaimListQuery, ClaimAssigneeResponse } from '@bcp/contract';
import { asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { users } from '../db/schema/users.js';
import { AppError } from '../platform/errors/app-error.js';

/**
 * Read model pieces of the staff claims queue (issue 35 item 3; issue 36 items 3 and 4), read only: the `flagged` and
 * `assignee` filters, the most-flagged-first order with its cursor, and the assignee's name.
 */

type Filter = NonNullable<AdminClaimListQuery['filter']>;

/** `filter[flagged]` and `filter[assignee]` as one condition; `callerId` is "me" (undefined: `me` matches nobody). */
export function riskAndAssigneeCondition(
  filter: Pick<Filter, 'flagged' | 'assignee'> | undefined,
  callerId: number | undefined,
): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter?.flagged === true) conditions.push(gt(benefitClaims.riskFlagCount, 0));
  if (filter?.flagged === false) conditions.push(eq(benefitClaims.riskFlagCount, 0));
  const assignee = filter?.assignee;
  if (assignee === 'none') conditions.push(isNull(benefitClaims.assignedUserId));
  else if (assignee === 'me') conditions.push(eq(benefitClaims.assignedUserId, callerId ?? -1));
  else if (typeof assignee === 'number') conditions.push(eq(benefitClaims.assignedUserId, assignee));
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` and `);
}

/** The columns the queue adds to each claim: risk flags' number and the assignee. */
export const queueColumns = {
  riskFlagCount: benefitClaims.riskFlagCount,
  assignedAt: benefitClaims.assignedAt,
  assigneeId: users.id,
  assigneeName: users.name,
};

/** A queue row's assignee, or null (a left join on `users` by `assigned_user_id`). */
export function toAssignee(row: {
  assigneeId: number | null;
  assigneeName: string | null;
  assignedAt: Date | null;
}): ClaimAssigneeResponse | null {
  return row.assigneeId !== null && row.assigneeName !== null && row.assignedAt !== null
    ? { userId: row.assigneeId, name: row.assigneeName, assignedAt: row.assignedAt.toISOString() }
    : null;
}

const CURSOR_MESSAGE = 'This cursor is not valid. Start again from the first page.';

/** The claim a risk-ordered page continues after: its flags' number and id. */
function decodeRiskCursor(cursor: string | undefined): { risk: number; after: number } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown; risk?: unknown };
    const { after, risk } = value;
    if (
      typeof after === 'number' &&
      Number.isSafeInteger(after) &&
      after > 0 &&
      typeof risk === 'number' &&
      Number.isSafeInteger(risk) &&
      risk >= 0
    ) {
      return { risk, after };
    }
  } catch {
    // fall through
  }
  throw new AppError('validation', CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] });
}

/**
 * Most (or fewest) risk flags first, then by id the same way (`sort=riskFlagCount:desc`): the order,
 * the "after the cursor" condition (a row comparison the index on (risk_flag_count, id) serves),
 * and the next cursor of a page.
 * @throws AppError `validation` (422, `cursor`) for a cursor that is not one of this order's
 */
export function riskOrder(direction: 'asc' | 'desc', cursor: string | undefined) {
  const after = decodeRiskCursor(cursor);
  const order = direction === 'desc' ? desc : asc;
  const compare = direction === 'desc' ? sql`<` : sql`>`;
  return {
    orderBy: [order(benefitClaims.riskFlagCount), order(benefitClaims.id)],
    after: after
      ? sql`(${benefitClaims.riskFlagCount}, ${benefitClaims.id}) ${compare} (${after.risk}, ${after.after})`
      : undefined,
    nextCursor: (last: { id: number; riskFlagCount: number }) =>
      Buffer.from(JSON.stringify({ after: last.id, risk: last.riskFlagCount })).toString('base64url'),
  };
}

/** The assignee of one claim, as the claim page shows it (null: nobody, or a user since deleted). */
export async function findClaimAssignee(
  db: Database,
  claim: Pick<typeof benefitClaims.$inferSelect, 'assignedUserId' | 'assignedAt'>,
): Promise<ClaimAssigneeResponse | null> {
  if (claim.assignedUserId === null || claim.assignedAt === null) return null;
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, claim.assignedUserId));
  return user ? { userId: claim.assignedUserId, name: user.name, assignedAt: claim.assignedAt.toISOString() } : null;
}
