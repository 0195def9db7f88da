/**
 * Read model (issue 35 item 3): a benefit's current claim, read by the benefits, statements and
 * benefit-claims modules alike (so that benefits does not import benefit-claims). Read only.
 */
import type { ClaimSummary } from '@bcp/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';

/** A claim as stored. */
export type ClaimRow = typeof benefitClaims.$inferSelect;

/**
 * A benefit's current claim, the one members and staff see: the open one (any status but
 * rejected; at most one exists), else the latest rejected one. The one place this rule lives.
 */
const CURRENT_FIRST = [sql`${benefitClaims.status} = 'rejected'`, desc(benefitClaims.id)] as const;

/** The benefit's current claim, or `undefined` when it has none. */
export async function findCurrentClaim(db: Database, benefitId: number): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(benefitClaims)
    .where(eq(benefitClaims.benefitId, benefitId))
    .orderBy(...CURRENT_FIRST)
    .limit(1);
  return row;
}

/** Each benefit's current claim in brief (id, status, submitted), in one query for all of them. */
export async function findCurrentClaimSummaries(
  db: Database,
  benefitIds: number[],
): Promise<Map<number, ClaimSummary>> {
  const claims = new Map<number, ClaimSummary>();
  if (benefitIds.length === 0) return claims;
  const rows = await db
    .select({
      id: benefitClaims.id,
      benefitId: benefitClaims.benefitId,
      status: benefitClaims.status,
      submittedAt: benefitClaims.submittedAt,
    })
    .from(benefitClaims)
    .where(inArray(benefitClaims.benefitId, benefitIds))
    .orderBy(...CURRENT_FIRST);
  for (const row of rows) {
    if (claims.has(row.benefitId)) continue;
    claims.set(row.benefitId, { id: row.id, status: row.status, submittedAt: row.submittedAt?.toISOString() ?? null });
  }
  return claims;
}
