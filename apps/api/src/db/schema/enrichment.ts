import {
  ENRICHMENT_RECORD_STATUSES,
  ENRICHMENT_RERUN_SCOPES,
  ENRICHMENT_RESULTS,
  ENRICHMENT_RUN_STATUSES,
  ENRICHMENT_STEP_KIND_CODES,
  type EnrichmentStepKind,
} from '@bcp/contract';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn, timestamps } from './columns.js';
import { fileUploads } from './file-uploads.js';
import { funds } from './funds.js';
import { persons } from './persons.js';
import { users } from './users.js';

/**
 * A fund's ordered enrichment steps (spec 7 `funds/{id}/enrichment-steps`, issue 17). A fund
 * without rows uses the default list (contract DEFAULT_ENRICHMENT_STEPS).
 */
export const fundEnrichmentSteps = pgTable(
  'fund_enrichment_steps',
  {
    id: idColumn(),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    /** 1-based order. */
    position: integer('position').notNull(),
    kind: text('kind', { enum: ENRICHMENT_STEP_KIND_CODES }).notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('fund_enrichment_steps_position_unique').on(table.fundId, table.position)],
);

/**
 * One person's look-up of one step (issue 17), shared by every fund the person has benefits in:
 * a result is reused until `expiresAt`, whichever fund asks. The lawful purpose of the look-up is
 * recorded with it (National Credit Regulations 18(4)(h)).
 */
export const enrichmentRecords = pgTable(
  'enrichment_records',
  {
    id: idColumn(),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => persons.id),
    kind: text('kind', { enum: ENRICHMENT_STEP_KIND_CODES }).notNull(),
    status: text('status', { enum: ENRICHMENT_RECORD_STATUSES }).notNull().default('pending'),
    result: text('result', { enum: ENRICHMENT_RESULTS }),
    /** The step's answer (contract EnrichmentRecordResponse `details`); never the full ID number. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    failureReason: text('failure_reason'),
    /** `sandbox`, `http`, `local` (id_validation). */
    provider: text('provider'),
    providerReference: text('provider_reference'),
    /** What the last look-up cost, cents. */
    costCents: integer('cost_cents').notNull().default(0),
    lawfulPurpose: text('lawful_purpose').notNull(),
    checkedAt: at('checked_at'),
    expiresAt: at('expires_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('enrichment_records_person_kind_unique').on(table.personId, table.kind),
    index('enrichment_records_kind_status_idx').on(table.kind, table.status),
  ],
);

/** An enrichment run (a job) and its progress: after a member file was accepted, or a rerun. */
export const enrichmentRuns = pgTable(
  'enrichment_runs',
  {
    id: idColumn(),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    fileUploadId: bigint('file_upload_id', { mode: 'number' }).references(() => fileUploads.id),
    steps: jsonb('steps').$type<EnrichmentStepKind[]>().notNull(),
    scope: text('scope', { enum: ENRICHMENT_RERUN_SCOPES }).notNull(),
    /** Persons of a `selected` rerun. */
    personIds: jsonb('person_ids').$type<number[]>(),
    /** A rerun looks up again even when a result is still valid. */
    force: boolean('force').notNull().default(false),
    status: text('status', { enum: ENRICHMENT_RUN_STATUSES }).notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    reused: integer('reused').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
    startedByUserId: bigint('started_by_user_id', { mode: 'number' }).references(() => users.id),
    finishedAt: at('finished_at'),
    ...timestamps(),
  },
  (table) => [
    index('enrichment_runs_fund_idx').on(table.fundId),
    index('enrichment_runs_file_upload_idx').on(table.fileUploadId),
    index('enrichment_runs_started_by_idx').on(table.startedByUserId),
  ],
);

/**
 * Contact details a trace found for a person (issue 17 `contact_trace`): candidates beside what the
 * fund or the member gave, never replacing it. Outreach uses the most confident one.
 */
export const contactCandidates = pgTable(
  'contact_candidates',
  {
    id: idColumn(),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => persons.id),
    channel: text('channel', { enum: ['phone', 'email'] }).notNull(),
    /** E.164 or lower-case email. */
    value: text('value').notNull(),
    /** 0 to 100. */
    confidence: smallint('confidence').notNull(),
    source: text('source').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('contact_candidates_person_value_unique').on(table.personId, table.channel, table.value)],
);
