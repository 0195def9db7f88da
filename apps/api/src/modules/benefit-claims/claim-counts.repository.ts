import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefitClaimEvents } from '../../db/schema/benefit-claims.js';

/** The statuses whose moves a fund counts (issue 37 item 1: claims submitted, approved, paid). */
export const COUNTED_CLAIM_MOVES = ['submitted', 'approved', 'paid'] as const;

/** One of `COUNTED_CLAIM_MOVES`. */
export type CountedClaimMove = (typeof COUNTED_CLAIM_MOVES)[number];

/**
 * How many times, since the database began, a claim moved to each counted status (from the
 * claims' timelines, so every process and restart is included), for the metrics.
 * @returns a count for every status of `COUNTED_CLAIM_MOVES` (0 when none)
 */
export async function countClaimMoves(db: Database): Promise<Record<CountedClaimMove, number>> {
  const rows = await db
    .select({ status: benefitClaimEvents.toStatus, count: sql<number>`count(*)`.mapWith(Number) })
    .from(benefitClaimEvents)
    .where(inArray(benefitClaimEvents.toStatus, [...COUNTED_CLAIM_MOVES]))
    .groupBy(benefitClaimEvents.toStatus);
  const counts: Record<CountedClaimMove, number> = { submitted: 0, approved: 0, paid: 0 };
  for (const row of rows) counts[row.status as CountedClaimMove] = row.count;
  return counts;
}
