import type { ClaimStatus } from '@bcp/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/result-rows.js';
import { benefitClaims } from '../../db/schema/benefit-claims.js';
import { benefitStatusUpdate, fundBenefitsRelation } from '../benefits/index.js';

/** Columns a move may set on a claim besides its status. */
export type ClaimColumns = Partial<typeof benefitClaims.$inferInsert>;

/** A move's record, whatever the number of claims: the statuses, who moved them, and when. */
export interface ClaimMoveRecord {
  from: ClaimStatus;
  to: ClaimStatus;
  actorType: 'person_user' | 'user' | 'partner' | 'system';
  actorId: number | null;
  at: Date;
  /** What the benefit's status becomes with the move, if it changes. */
  benefitStatus?: 'unclaimed' | 'claimed' | 'paid';
}

/**
 * Payment confirmation rows: a query (a subquery, never run alone) whose columns are `line` (later
 * lines win), `claim_reference` (the claim's id, as text), `payment_reference` (text) and
 * `paid_on` (date, or null). An upload's valid staging rows (`stagedRows` of file-uploads).
 */
export type PaymentConfirmationRows = SQL;

/**
 * The writes that follow a claims' update, set-based over the relation `moved(id, benefit_id,
 * note)` defined before them in the same statement: one `benefit_claim_events` row per claim
 * (its note shown to the member) and, when the move changes it, the benefit's status (the
 * statement of benefits' `benefitStatusUpdate`). The one definition of a move's record, for one
 * claim (`recordClaimMove`) or a million (`markApprovedClaimsPaid`).
 */
function moveRecordCtes(move: ClaimMoveRecord): SQL {
  const events = sql`events as (
      insert into benefit_claim_events (claim_id, from_status, to_status, actor_type, actor_id, note, created_at)
      select id, ${move.from}, ${move.to}, ${move.actorType}, ${move.actorId}::bigint, note, ${move.at}::timestamptz from moved
    )`;
  if (!move.benefitStatus) return events;
  return sql`${events}, benefit_follows as (
      ${benefitStatusUpdate(move.benefitStatus, sql`select benefit_id from moved`)}
    )`;
}

/**
 * Moves one claim still in `from` to `to` with further columns, conditionally on its status (of
 * two racing moves exactly one wins).
 * @returns the claim's benefit id, or undefined when the claim is not (or no longer) in `from`
 */
export async function updateClaimStatus(
  tx: Database,
  claimId: number,
  from: ClaimStatus,
  to: ClaimStatus,
  columns: ClaimColumns,
): Promise<number | undefined> {
  const [moved] = await tx
    .update(benefitClaims)
    .set({ ...columns, status: to })
    .where(and(eq(benefitClaims.id, claimId), eq(benefitClaims.status, from)))
    .returning({ benefitId: benefitClaims.benefitId });
  return moved?.benefitId;
}

/** Records one claim's move (its event and the benefit's status), as `moveRecordCtes` defines it. */
export async function recordClaimMove(
  tx: Database,
  claim: { claimId: number; benefitId: number; note: string | null },
  move: ClaimMoveRecord,
): Promise<void> {
  await tx.execute(sql`
    with moved as (
      select ${claim.claimId}::bigint as id, ${claim.benefitId}::bigint as benefit_id, ${claim.note}::text as note
    ), ${moveRecordCtes(move)}
    select 1`);
}

/**
 * Payment confirmations `rows` (issue 16 rule 8), set-based in one statement: each claim of fund
 * `fundId` (its benefit among benefits' `fundBenefitsRelation`) still in `move.from` (approved) moves to
 * `move.to` (paid) with its payment reference and the date paid (the row's `paid_on`, else now);
 * the last row of a claim wins. The move is recorded as `moveRecordCtes` defines it, the reference
 * as note. A claim no longer approved, or of another fund, is left alone.
 * @returns the ids of the claims moved
 */
export async function markApprovedClaimsPaid(
  tx: Database,
  rows: PaymentConfirmationRows,
  fundId: number,
  move: ClaimMoveRecord,
): Promise<number[]> {
  const result = await tx.execute(sql`
    with confirmed as (
      select distinct on (claim_reference)
        claim_reference::bigint as claim_id, payment_reference, coalesce(paid_on::timestamptz, now()) as paid_at
      from (${rows}) r
      order by claim_reference, line desc
    ), moved as (
      update benefit_claims c set status = ${move.to}, payment_reference = confirmed.payment_reference,
        paid_at = confirmed.paid_at, updated_at = now()
      from confirmed, (${fundBenefitsRelation(fundId)}) b
      where c.id = confirmed.claim_id and c.status = ${move.from} and b.id = c.benefit_id
      returning c.id, c.benefit_id, c.payment_reference as note
    ), ${moveRecordCtes(move)}
    select coalesce(array_agg(id), '{}') as claims from moved`);
  return (rowsOf<{ claims: (string | number)[] }>(result)[0]?.claims ?? []).map(Number);
}
