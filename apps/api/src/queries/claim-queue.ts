import type { AdminClaimListQuery, ClaimAssigneeResponse } from '@bcp/contract';
import { asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { users } from '../db/schema/users.js';
import { AppError } from '../platform/errors/app-error.js';

/**
 * Read model pieces of the staff claims queue (issue 35 item 3; issue 36 items 3 and 4), read only: the `flagged` and
 * `assignee` filters, the keyed orders (most flagged first; by submission date or gross amount,
 * issue 38 item 3) with their cursors, and the assignee's name.
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

/**
 * The exact submission time as a cursor keeps it: UTC ISO 8601 with microseconds (a JS Date keeps
 * only milliseconds, which would skip or repeat claims submitted in the same millisecond).
 */
export const submittedAtKey = sql<
  string | null
>`to_char(${benefitClaims.submittedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The columns the queue adds to each claim: risk flags' number, the assignee, the exact submission time. */
export const queueColumns = {
  riskFlagCount: benefitClaims.riskFlagCount,
  assignedAt: benefitClaims.assignedAt,
  assigneeId: users.id,
  assigneeName: users.name,
  submittedAtKey,
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

/** The sort fields the queue pages by a key other than the id alone (issue 36 item 3, issue 38 item 3). */
export type KeyedSortField = 'riskFlagCount' | 'submittedAt' | 'amountCents';

/** A claim row's value of each keyed sort field, as its cursor keeps it (`submittedAt`: ISO with microseconds). */
export interface KeyedRow {
  id: number;
  riskFlagCount: number;
  amountCents: number;
  submittedAtKey: string | null;
}

/**
 * Each keyed order's column, whether it may be null (drafts have no submission date), and how a
 * row's key is read and checked in a cursor. Each column has an index on (column, id): the claim's
 * for risk and submission date, the benefit's (amount_cents, id) for the gross amount.
 */
const KEYS = {
  riskFlagCount: {
    column: benefitClaims.riskFlagCount,
    nullable: false,
    of: (row: KeyedRow) => row.riskFlagCount,
    valid: (key: unknown) => typeof key === 'number' && Number.isSafeInteger(key) && key >= 0,
    param: (key: number | string) => sql`${key}`,
  },
  amountCents: {
    column: benefits.amountCents,
    nullable: false,
    of: (row: KeyedRow) => row.amountCents,
    valid: (key: unknown) => typeof key === 'number' && Number.isSafeInteger(key) && key >= 0,
    param: (key: number | string) => sql`${key}`,
  },
  submittedAt: {
    column: benefitClaims.submittedAt,
    nullable: true,
    of: (row: KeyedRow) => row.submittedAtKey,
    valid: (key: unknown) =>
      key === null || (typeof key === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key)),
    param: (key: number | string) => sql`${key}::timestamptz`,
  },
} as const;

/** The claim a keyed page continues after: its key (null: no submission date) and id. */
function decodeKeyCursor(
  field: KeyedSortField,
  cursor: string | undefined,
): { key: number | string | null; after: number } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { after } = value;
    // `risk`: cursors of the risk order before issue 38 named their key so.
    const key = field === 'riskFlagCount' && 'risk' in value ? value.risk : value.key;
    if (typeof after === 'number' && Number.isSafeInteger(after) && after > 0 && KEYS[field].valid(key)) {
      return { key: key as number | string | null, after };
    }
  } catch {
    // fall through
  }
  throw new AppError('validation', CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] }, { code: 'invalid_cursor' });
}

/**
 * The queue ordered by `field` in `direction`, then by id the same way (`sort=riskFlagCount:desc`:
 * most flagged first; `submittedAt`, `amountCents`: by submission date or gross amount): the order,
 * the "after the cursor" condition (a row comparison over (key, id) that the key's index serves)
 * and the next cursor of a page. Claims without a submission date (drafts) come last ascending and
 * first descending, as PostgreSQL orders nulls.
 * @throws AppError `validation` (422, `cursor`) for a cursor that is not one of this order's
 */
export function keyedOrder(field: KeyedSortField, direction: 'asc' | 'desc', cursor: string | undefined) {
  const spec = KEYS[field];
  const after = decodeKeyCursor(field, cursor);
  const order = direction === 'desc' ? desc : asc;
  const compare = direction === 'desc' ? sql`<` : sql`>`;
  const column = spec.column;
  let condition: SQL | undefined;
  if (after && after.key === null) {
    // Among the claims without a key: after the id; descending, every claim with a key follows.
    condition =
      direction === 'asc'
        ? sql`(${column} is null and ${benefitClaims.id} > ${after.after})`
        : sql`((${column} is null and ${benefitClaims.id} < ${after.after}) or ${column} is not null)`;
  } else if (after) {
    const row = sql`(${column}, ${benefitClaims.id}) ${compare} (${spec.param(after.key as number | string)}, ${after.after})`;
    // Ascending, the claims without a key come after every claim with one.
    condition = spec.nullable && direction === 'asc' ? sql`(${row} or ${column} is null)` : row;
  }
  return {
    orderBy: [order(column), order(benefitClaims.id)],
    /** The order's column is the benefit's (gross amount): a page's ids join benefits. */
    readsBenefits: column === benefits.amountCents,
    after: condition,
    nextCursor: (last: KeyedRow) =>
      Buffer.from(JSON.stringify({ after: last.id, key: spec.of(last) })).toString('base64url'),
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
