import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { benefits, persons } from '../../db/schema/index.js';

/** A benefit as a fund's member file describes it. */
export interface BenefitFromFundData {
  fundId: number;
  personId: number;
  memberNumber: string;
  benefitType: string;
  /** Gross amount in cents (ZAR). */
  amountCents: number;
  fileUploadId: number | null;
}

const CHUNK = 500;

/**
 * Records benefits from fund data. A benefit already recorded for the same fund, member number and
 * benefit type is left as it is (a file loaded twice adds nothing).
 * @returns how many benefits were new
 */
export async function recordBenefits(db: Database, rows: readonly BenefitFromFundData[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const result = await db
      .insert(benefits)
      .values(rows.slice(start, start + CHUNK))
      .onConflictDoNothing()
      .returning({ id: benefits.id });
    inserted += result.length;
  }
  return inserted;
}

/** The search's count, built once and prepared by name (issue 22 item 5: no query building per search). */
function prepareUnclaimedCount(db: Database) {
  return db
    .select({ value: count() })
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .where(and(eq(persons.idNumber, sql.placeholder('idNumber')), eq(benefits.status, 'unclaimed')))
    .prepare('count_unclaimed_benefits');
}
const unclaimedCounts = new WeakMap<Database, ReturnType<typeof prepareUnclaimedCount>>();

/**
 * How many unclaimed benefits wait for an ID number (spec 2 search): one indexed query whose
 * shape and cost are the same whether or not the person exists. The statement is prepared once
 * per database (a named statement on PostgreSQL: parsed and planned once per connection).
 * @param idNumber a validated 13-digit SA ID number
 */
export async function countUnclaimedBenefits(db: Database, idNumber: string): Promise<number> {
  let prepared = unclaimedCounts.get(db);
  if (!prepared) {
    prepared = prepareUnclaimedCount(db);
    unclaimedCounts.set(db, prepared);
  }
  const [row] = await prepared.execute({ idNumber });
  return row?.value ?? 0;
}

/**
 * Flags a deceased member's unclaimed benefits, in every fund, for the fund's dependants' process
 * (issue 17; Pension Funds Act s37C): from then on they cannot be claimed by a member sign-up
 * (`CLAIM` start refuses them) and staff see them flagged.
 * @param at when the death became known (the look-up's time)
 * @returns how many benefits were flagged now
 */
export async function flagBenefitsForDependantsProcess(db: Database, personId: number, at: Date): Promise<number> {
  const flagged = await db
    .update(benefits)
    .set({ dependantsProcessAt: at })
    .where(and(eq(benefits.personId, personId), eq(benefits.status, 'unclaimed'), isNull(benefits.dependantsProcessAt)))
    .returning({ id: benefits.id });
  return flagged.length;
}
