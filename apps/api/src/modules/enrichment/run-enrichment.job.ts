import { ENRICHMENT_LAWFUL_PURPOSE, type EnrichmentStepKind } from '@bcp/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EnrichmentConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../platform/clock/clock.js';
import {
  type StepAnswer,
  StepProviderError,
  type StepProviders,
  type TracedContact,
} from '../../platform/enrichment/step-provider.js';
import { toLoggableError } from '../../platform/logging/loggable-error.js';
import { enrichmentTargetPersonIds } from '../../queries/enrichment-targets.js';
import { type RiskDependencies, reevaluatePersonsClaims } from '../benefit-claims/index.js';
import { flagBenefitsForDependantsProcess } from '../benefits/index.js';
import { findPersonsForLookup, type PersonForLookup, recordDeath } from '../persons/index.js';
import {
  type EnrichmentRecord,
  type EnrichmentRecordChange,
  type EnrichmentRunRecord,
  ensureRecords,
  findRecords,
  findRun,
  updateRecord,
  updateRun,
  upsertContactCandidates,
} from './enrichment.repository.js';
import { validDaysOf } from './enrichment-steps.service.js';

/** What the enrichment job needs. */
export interface EnrichmentJobDeps {
  db: Database;
  providers: StepProviders;
  clock: Clock;
  config: EnrichmentConfig;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The claims' risk signals, evaluated again after the population register answered (issue 36 item 3). */
  claimRisk: RiskDependencies;
}

/** Persons looked up between two progress updates. */
const BATCH = 50;
const DAY_MS = 86_400_000;

type RunRow = EnrichmentRunRecord;
type PersonRow = PersonForLookup;
type RecordRow = EnrichmentRecord;

interface Tally {
  done: number;
  reused: number;
  failed: number;
  costCents: number;
}

/** The persons a run covers, by id. */
function targetPersons(db: Database, run: RunRow): Promise<number[]> {
  return enrichmentTargetPersonIds(db, run);
}

/** Records the contact details a trace found as candidates (never on the person's own details). */
async function recordCandidates(db: Database, personId: number, candidates: TracedContact[], at: Date) {
  await upsertContactCandidates(db, personId, candidates, at);
}

/** What a result means beyond its record: a death flags benefits; a trace adds candidates. */
async function applyAnswer(db: Database, person: PersonRow, kind: EnrichmentStepKind, answer: StepAnswer, at: Date) {
  if (kind === 'population_register' && answer.result === 'deceased') {
    const deceasedOn =
      typeof answer.details.deceasedOn === 'string' ? answer.details.deceasedOn : at.toISOString().slice(0, 10);
    await recordDeath(db, person.id, deceasedOn);
    await flagBenefitsForDependantsProcess(db, person.id, at);
    person.deceasedOn = deceasedOn;
  }
  if (kind === 'contact_trace' && Array.isArray(answer.details.candidates)) {
    await recordCandidates(db, person.id, answer.details.candidates as TracedContact[], at);
  }
}

/** Looks one person up for one step (or reuses a valid result) and records it; returns what it cost. */
async function enrichOne(
  deps: EnrichmentJobDeps,
  run: RunRow,
  person: PersonRow,
  kind: EnrichmentStepKind,
  existing: RecordRow | undefined,
  tally: Tally,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  tally.done += 1;
  const valid = existing?.status === 'completed' && existing.expiresAt !== null && existing.expiresAt > now;
  if (valid && !run.force) {
    tally.reused += 1;
    // A new fund's benefits of a person already known to be deceased are flagged too.
    if (kind === 'population_register' && existing?.result === 'deceased') {
      await flagBenefitsForDependantsProcess(db, person.id, now);
    }
    return;
  }
  const expiresAt = new Date(now.getTime() + validDaysOf(kind, deps.config) * DAY_MS);
  const record = (values: EnrichmentRecordChange) =>
    updateRecord(db, person.id, kind, {
      lawfulPurpose: ENRICHMENT_LAWFUL_PURPOSE,
      checkedAt: now,
      updatedAt: now,
      ...values,
    });
  if (kind === 'contact_trace' && person.deceasedOn) {
    // Nobody traces the contact details of a member known to be deceased (nor pays for it).
    await record({
      status: 'completed',
      result: 'not_found',
      details: { skipped: 'deceased' },
      failureReason: null,
      provider: null,
      providerReference: null,
      costCents: 0,
      expiresAt,
    });
    return;
  }
  const provider = deps.providers[kind];
  let answer: StepAnswer;
  try {
    if (!provider) throw new StepProviderError('No provider is configured for this step in this environment.');
    answer = await provider.lookUp({
      idNumber: person.idNumber,
      firstName: person.firstName,
      lastName: person.lastName,
      dateOfBirth: person.dateOfBirth,
      purpose: ENRICHMENT_LAWFUL_PURPOSE,
    });
  } catch (error) {
    const known = error instanceof StepProviderError;
    if (!known) deps.log.warn({ runId: run.id, kind, error: toLoggableError(error) }, 'enrichment provider failed');
    tally.failed += 1;
    await record({
      status: 'failed',
      result: null,
      details: {},
      failureReason: known ? error.message : 'The provider could not be reached or answered badly.',
      provider: provider?.name ?? null,
      providerReference: null,
      costCents: 0,
      expiresAt: null,
    });
    return;
  }
  tally.costCents += answer.costCents;
  await record({
    status: 'completed',
    result: answer.result,
    details: answer.details,
    failureReason: null,
    provider: provider?.name ?? null,
    providerReference: answer.reference,
    costCents: answer.costCents,
    expiresAt,
  });
  await applyAnswer(db, person, kind, answer, now);
}

/**
 * The enrichment job (queue `enrichment-run`, issue 17): looks up each person of the run for each
 * of its steps in order, reusing results still valid (unless a rerun), recording each look-up with
 * its provider, reference, cost, time, expiry and lawful purpose, and the run's progress after
 * every 50 persons. A deceased member's benefits are flagged for the dependants' process (and the
 * contact trace skipped); traced contact details are kept as candidates; the persons' claims in
 * progress get their risk signals evaluated again (issue 36 item 3). A provider failure fails
 * that look-up only; anything else fails the run (`failed`).
 */
export async function runEnrichment(deps: EnrichmentJobDeps, runId: number): Promise<void> {
  const { db } = deps;
  const run = await findRun(db, runId);
  if (!run || run.status === 'completed') return;
  const tally: Tally = { done: 0, reused: 0, failed: 0, costCents: 0 };
  try {
    const personIds = await targetPersons(db, run);
    await updateRun(db, runId, {
      status: 'running',
      total: personIds.length * run.steps.length,
      done: 0,
      reused: 0,
      failed: 0,
      costCents: 0,
    });
    for (let start = 0; start < personIds.length; start += BATCH) {
      const ids = personIds.slice(start, start + BATCH);
      // Each (person, step) has a record: `pending` until its look-up is made.
      await ensureRecords(db, ids, run.steps, ENRICHMENT_LAWFUL_PURPOSE);
      const people = await findPersonsForLookup(db, ids);
      const records = await findRecords(db, ids, run.steps);
      const byKey = new Map(records.map((row) => [`${row.personId}:${row.kind}`, row]));
      for (const person of people) {
        for (const kind of run.steps)
          await enrichOne(deps, run, person, kind, byKey.get(`${person.id}:${kind}`), tally);
        // Let waiting requests in between two persons: on the embedded database (one connection)
        // back-to-back look-ups would otherwise keep taking it first, and staff waited half a
        // minute for an answer while a 2,000-member file was enriched.
        await new Promise((resolve) => setImmediate(resolve));
      }
      // A death or a name score found is a risk signal on the persons' claims in progress.
      if (run.steps.includes('population_register')) await reevaluatePersonsClaims(deps.claimRisk, ids);
      await updateRun(db, runId, tally);
    }
    await updateRun(db, runId, { ...tally, status: 'completed', finishedAt: deps.clock.now() });
  } catch (error) {
    deps.log.warn({ runId, error: toLoggableError(error) }, 'enrichment run failed');
    await updateRun(db, runId, { ...tally, status: 'failed', finishedAt: deps.clock.now() });
  }
}
