import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditEvents } from '../../db/schema/audit-events.js';
import type { ScrapedMetric } from './scraped-metric.js';

/** The audit action of a member's sign-up (modules/person-users). */
const SIGNED_UP_ACTION = 'person-users.signed_up';

/** How often claims moved to `submitted`, `approved` and `paid` (benefit-claims' `countClaimMoves`). */
export type CountClaimMoves = () => Promise<Record<string, number>>;

/** Members' sign-ups since the database began, from the audit log (never purged). */
export async function countSignUps(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(auditEvents)
    .where(eq(auditEvents.action, SIGNED_UP_ACTION));
  return row?.count ?? 0;
}

/**
 * The business counts a fund asks for (issue 37 item 1), read from the database on scrape, so
 * every process reports the whole count: `bcp_sign_ups_total` and `bcp_claims_moved_total` by
 * `status` (submitted, approved, paid). Being whole counts, every process reports the same value:
 * aggregate them with `max`, not `sum`. (Searches are counted per process: `business-counters.ts`.)
 */
export function businessGauges(db: Database, countClaimMoves: CountClaimMoves): ScrapedMetric[] {
  return [
    {
      name: 'bcp_sign_ups_total',
      help: 'Members who signed up, since the database began (from the audit log).',
      type: 'counter',
      read: async () => [{ value: await countSignUps(db) }],
    },
    {
      name: 'bcp_claims_moved_total',
      help: 'Claims moved to a status (submitted, approved, paid), since the database began (from claim timelines).',
      type: 'counter',
      labelNames: ['status'],
      read: async () =>
        Object.entries(await countClaimMoves()).map(([status, value]) => ({ labels: { status }, value })),
    },
  ];
}
