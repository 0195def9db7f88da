/**
 * Read model of the back-office dashboard (issue 19, issue 35 item 3): figures over claims,
 * benefits, funds, uploads and tasks. Reads only.
 */
import { CLAIM_STATUSES, type ClaimStatus, type DashboardResponse, payoutDate } from '@bcp/contract';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { fileUploads } from '../db/schema/file-uploads.js';
import { funds } from '../db/schema/funds.js';
import { tasks } from '../db/schema/tasks.js';

/** Claims still waiting for staff. */
const WAITING: ClaimStatus[] = ['submitted', 'in_review'];
/** Claims waiting for a decision: a risk flag on one of them needs a look (issue 36 item 3). */
const UNDECIDED: ClaimStatus[] = ['submitted', 'in_review', 'information_requested'];
/** Claims that count as claimed: submitted and not rejected. */
const CLAIMED: ClaimStatus[] = ['submitted', 'in_review', 'information_requested', 'approved', 'paid'];

/** South Africa is UTC+2 all year (no daylight saving). */
const SA_OFFSET = '+02:00';

/**
 * The moment `workingDays` working days (Monday to Friday) before the start of `today` (a
 * `YYYY-MM-DD` South African date): a claim submitted before it has waited longer than that.
 */
export function workingDaysBefore(today: string, workingDays: number): Date {
  const day = new Date(`${today}T00:00:00Z`);
  let left = workingDays;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() - 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(`${day.toISOString().slice(0, 10)}T00:00:00${SA_OFFSET}`);
}

/** The first moment of the South African calendar month of `now`. */
function startOfMonth(now: Date): Date {
  return new Date(`${payoutDate(now).slice(0, 7)}-01T00:00:00${SA_OFFSET}`);
}

/** The claim figures of the dashboard at `now` (claims by status, waiting long, this month). */
export async function claimFigures(db: Database, now: Date): Promise<NonNullable<DashboardResponse['claims']>> {
  const rows = await db
    .select({ status: benefitClaims.status, n: count() })
    .from(benefitClaims)
    .groupBy(benefitClaims.status);
  const byStatus = Object.fromEntries(CLAIM_STATUSES.map((status) => [status, 0])) as Record<ClaimStatus, number>;
  for (const row of rows) byStatus[row.status] = row.n;
  const today = payoutDate(now);
  const waitingSince = async (workingDays: number) => {
    const [row] = await db
      .select({ n: count() })
      .from(benefitClaims)
      .where(
        and(
          inArray(benefitClaims.status, WAITING),
          lt(benefitClaims.submittedAt, workingDaysBefore(today, workingDays)),
        ),
      );
    return row?.n ?? 0;
  };
  const [flagged] = await db
    .select({ n: count() })
    .from(benefitClaims)
    .where(and(inArray(benefitClaims.status, UNDECIDED), gt(benefitClaims.riskFlagCount, 0)));
  const monthStart = startOfMonth(now);
  const figure = async (column: typeof benefitClaims.submittedAt, statuses: ClaimStatus[]) => {
    const [row] = await db
      .select({ n: count(), cents: sql<string>`coalesce(sum(${benefits.amountCents}), 0)` })
      .from(benefitClaims)
      .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
      .where(and(inArray(benefitClaims.status, statuses), isNotNull(column), gte(column, monthStart)));
    return { count: row?.n ?? 0, amountCents: Number(row?.cents ?? 0) };
  };
  return {
    byStatus,
    waitingOver5WorkingDays: await waitingSince(5),
    waitingOver10WorkingDays: await waitingSince(10),
    flaggedOpen: flagged?.n ?? 0,
    thisMonth: {
      submitted: await figure(benefitClaims.submittedAt, [...CLAIMED, 'rejected']),
      approved: await figure(benefitClaims.decidedAt, ['approved', 'paid']),
      paid: await figure(benefitClaims.paidAt, ['paid']),
    },
  };
}

/** The fund figures of the dashboard (benefits and claims per fund). */
export async function fundFigures(db: Database): Promise<NonNullable<DashboardResponse['funds']>> {
  const claimed = db
    .selectDistinct({ benefitId: benefitClaims.benefitId })
    .from(benefitClaims)
    .where(inArray(benefitClaims.status, CLAIMED))
    .as('claimed');
  const rows = await db
    .select({
      fundId: funds.id,
      name: funds.name,
      found: count(benefits.id),
      claimedCount: count(claimed.benefitId),
      amountFound: sql<string>`coalesce(sum(${benefits.amountCents}), 0)`,
      amountClaimed: sql<string>`coalesce(sum(${benefits.amountCents}) filter (where ${claimed.benefitId} is not null), 0)`,
    })
    .from(funds)
    .innerJoin(benefits, eq(benefits.fundId, funds.id))
    .leftJoin(claimed, eq(claimed.benefitId, benefits.id))
    .groupBy(funds.id, funds.name)
    .orderBy(desc(count(benefits.id)), asc(funds.id))
    .limit(20);
  return rows.map((row) => ({
    fundId: row.fundId,
    name: row.name,
    benefitsFound: row.found,
    benefitsClaimed: row.claimedCount,
    amountFoundCents: Number(row.amountFound),
    amountClaimedCents: Number(row.amountClaimed),
  }));
}

/** The task figures of the dashboard for staff user `userId`. */
export async function taskFigures(db: Database, userId: number): Promise<NonNullable<DashboardResponse['tasks']>> {
  const mine = and(eq(tasks.assigneeId, userId), eq(tasks.status, 'open'));
  const [total] = await db.select({ n: count() }).from(tasks).where(mine);
  const first = await db
    .select({ id: tasks.id, title: tasks.title, dueDate: tasks.dueDate, createdAt: tasks.createdAt })
    .from(tasks)
    .where(mine)
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.id))
    .limit(5);
  return {
    open: total?.n ?? 0,
    firstDue: first.map((task) => ({ ...task, createdAt: task.createdAt.toISOString() })),
  };
}

/** How many member files are validated and waiting for acceptance. */
export async function uploadsAwaitingAcceptance(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fileUploads).where(eq(fileUploads.status, 'validated'));
  return row?.n ?? 0;
}
