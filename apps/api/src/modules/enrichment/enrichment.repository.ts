/**
 * The enrichment module's data access (issue 35 item 1): a fund's enrichment steps, the runs (jobs
 * and their progress), each person's look-up records and the contact candidates a trace found.
 */
import type { EnrichmentRunListQuery, EnrichmentStepKind, ListResponse } from '@bcp/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  contactCandidates,
  enrichmentRecords,
  enrichmentRuns,
  fundEnrichmentSteps,
} from '../../db/schema/enrichment.js';
import { listPage, orderBy } from '../../platform/lists/list-page.js';

/** A run's stored row (`enrichment_runs`): its fund, upload, steps, scope, status and tallies (cost in cents). */
export type EnrichmentRunRecord = typeof enrichmentRuns.$inferSelect;
/** One person's look-up of one step (`enrichment_records`). */
export type EnrichmentRecord = typeof enrichmentRecords.$inferSelect;
/** What a look-up writes on its record (status, result, details, provider, cost in cents, expiry...). */
export type EnrichmentRecordChange = Partial<typeof enrichmentRecords.$inferInsert>;
/** A run's tallies and status as the job moves it on (cost in cents). */
export type EnrichmentRunChange = Partial<
  Pick<
    typeof enrichmentRuns.$inferInsert,
    'status' | 'total' | 'done' | 'reused' | 'failed' | 'costCents' | 'finishedAt'
  >
>;
/** A contact detail a trace found (channel `phone` or `email`, value, confidence 0 to 100, source). */
export type ContactCandidateValues = Pick<
  typeof contactCandidates.$inferInsert,
  'channel' | 'value' | 'confidence' | 'source'
>;

// --- fund steps ---

/** A fund's own steps (`fund_enrichment_steps`) in order (position ascending); empty when it uses the default. */
export async function findFundSteps(
  db: Database,
  fundId: number,
): Promise<{ id: number; position: number; kind: EnrichmentStepKind }[]> {
  return db
    .select({ id: fundEnrichmentSteps.id, position: fundEnrichmentSteps.position, kind: fundEnrichmentSteps.kind })
    .from(fundEnrichmentSteps)
    .where(eq(fundEnrichmentSteps.fundId, fundId))
    .orderBy(asc(fundEnrichmentSteps.position));
}

/** Removes a fund's own steps (the fund then uses the default list). */
export async function deleteFundSteps(db: Database, fundId: number): Promise<void> {
  await db.delete(fundEnrichmentSteps).where(eq(fundEnrichmentSteps.fundId, fundId));
}

/** Stores a fund's steps in the given order (positions 1, 2, ...); call after `deleteFundSteps`. */
export async function insertFundSteps(db: Database, fundId: number, kinds: EnrichmentStepKind[]): Promise<void> {
  await db.insert(fundEnrichmentSteps).values(kinds.map((kind, index) => ({ fundId, position: index + 1, kind })));
}

// --- runs ---

/** Stores a new run (`queued`). @returns its row */
export async function insertRun(
  db: Database,
  run: Pick<
    typeof enrichmentRuns.$inferInsert,
    'fundId' | 'fileUploadId' | 'steps' | 'scope' | 'personIds' | 'force' | 'startedByUserId'
  >,
): Promise<EnrichmentRunRecord> {
  const [row] = await db.insert(enrichmentRuns).values(run).returning();
  if (!row) throw new Error('The run insert returned no row');
  return row;
}

/** Run `runId`, or undefined; with `fundId`, only when it is that fund's run. */
export async function findRun(db: Database, runId: number, fundId?: number): Promise<EnrichmentRunRecord | undefined> {
  const [row] = await db
    .select()
    .from(enrichmentRuns)
    .where(and(eq(enrichmentRuns.id, runId), fundId === undefined ? undefined : eq(enrichmentRuns.fundId, fundId)));
  return row;
}

/** Sets a run's tallies and status. */
export async function updateRun(db: Database, runId: number, change: EnrichmentRunChange): Promise<void> {
  await db.update(enrichmentRuns).set(change).where(eq(enrichmentRuns.id, runId));
}

/**
 * One page of runs: filters `fundId`, `fileUploadId`, `status`; sorted by id or createdAt (ties by
 * id). Each row is mapped by `toItem`.
 */
export async function pageRuns<T>(
  db: Database,
  query: EnrichmentRunListQuery,
  toItem: (row: EnrichmentRunRecord) => T,
): Promise<ListResponse<T>> {
  const filter = query.filter ?? {};
  const where: SQL | undefined = and(
    filter.fundId ? eq(enrichmentRuns.fundId, filter.fundId) : undefined,
    filter.fileUploadId ? eq(enrichmentRuns.fileUploadId, filter.fileUploadId) : undefined,
    filter.status ? eq(enrichmentRuns.status, filter.status) : undefined,
  );
  return listPage(query, {
    rows: (page) =>
      db
        .select()
        .from(enrichmentRuns)
        .where(where)
        .orderBy(
          ...orderBy(query.sort, { id: enrichmentRuns.id, createdAt: enrichmentRuns.createdAt }, enrichmentRuns.id),
        )
        .limit(page.limit)
        .offset(page.offset),
    count: () => db.$count(enrichmentRuns, where),
    toItem,
  });
}

// --- records ---

/**
 * Makes sure each (person, step) has a record, `pending` with the lawful purpose until its look-up
 * is made (one insert; existing records are left as they are).
 */
export async function ensureRecords(
  db: Database,
  personIds: number[],
  kinds: EnrichmentStepKind[],
  lawfulPurpose: string,
): Promise<void> {
  if (personIds.length === 0) return;
  await db
    .insert(enrichmentRecords)
    .values(personIds.flatMap((personId) => kinds.map((kind) => ({ personId, kind, lawfulPurpose }))))
    .onConflictDoNothing();
}

/** The records of the given persons for the given steps (one query). */
export async function findRecords(
  db: Database,
  personIds: number[],
  kinds: EnrichmentStepKind[],
): Promise<EnrichmentRecord[]> {
  return db
    .select()
    .from(enrichmentRecords)
    .where(and(inArray(enrichmentRecords.personId, personIds), inArray(enrichmentRecords.kind, kinds)));
}

/** Writes a look-up on the person's record of the step. */
export async function updateRecord(
  db: Database,
  personId: number,
  kind: EnrichmentStepKind,
  change: EnrichmentRecordChange,
): Promise<void> {
  await db
    .update(enrichmentRecords)
    .set(change)
    .where(and(eq(enrichmentRecords.personId, personId), eq(enrichmentRecords.kind, kind)));
}

// --- contact candidates ---

/**
 * Records the contact details a trace found as the person's candidates (`at` their time): a
 * candidate already known (same channel and value) gets the new confidence and source.
 */
export async function upsertContactCandidates(
  db: Database,
  personId: number,
  candidates: ContactCandidateValues[],
  at: Date,
): Promise<void> {
  if (candidates.length === 0) return;
  await db
    .insert(contactCandidates)
    .values(candidates.map((candidate) => ({ personId, ...candidate, createdAt: at, updatedAt: at })))
    .onConflictDoUpdate({
      target: [contactCandidates.personId, contactCandidates.channel, contactCandidates.value],
      set: { confidence: sql`excluded.confidence`, source: sql`excluded.source`, updatedAt: at },
    });
}
