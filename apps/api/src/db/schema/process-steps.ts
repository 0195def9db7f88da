import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { benefitClaims } from './benefit-claims.js';
import { at, idColumn, timestamps } from './columns.js';
import { funds } from './funds.js';

const STEP_KINDS = [
  'identity-check',
  'bank-account-verification',
  'document-review',
  'tax-directive',
  'fund-administrator-approval',
  'payment',
] as const;

/**
 * A fund's ordered staff checklist for its claims (spec 7 `funds/{id}/process-steps`, issue 8).
 * A fund without rows uses the default checklist (contract DEFAULT_PROCESS_STEPS).
 */
export const fundProcessSteps = pgTable(
  'fund_process_steps',
  {
    id: idColumn(),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    /** 1-based order. */
    position: integer('position').notNull(),
    /** contract PROCESS_STEP_KINDS. */
    kind: text('kind', { enum: STEP_KINDS }).notNull(),
    label: text('label').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('fund_process_steps_position_unique').on(table.fundId, table.position)],
);

/**
 * One claim's checklist, copied from its fund's steps when the claim is submitted, so that
 * changing a fund's steps never changes a claim in progress. Issue 9 records each outcome here.
 */
export const claimProcessSteps = pgTable(
  'claim_process_steps',
  {
    id: idColumn(),
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => benefitClaims.id),
    position: integer('position').notNull(),
    kind: text('kind', { enum: STEP_KINDS }).notNull(),
    label: text('label').notNull(),
    /** `staff` | `partner`: who records the outcome. */
    actor: text('actor', { enum: ['staff', 'partner'] }).notNull(),
    /** `pending` | `passed` | `failed` */
    status: text('status', { enum: ['pending', 'passed', 'failed'] })
      .notNull()
      .default('pending'),
    /** What the reviewer noted with the outcome. */
    note: text('note'),
    /** `user` (staff) | `partner`, with its id; null while pending. */
    decidedByType: text('decided_by_type', { enum: ['user', 'partner'] }),
    decidedById: bigint('decided_by_id', { mode: 'number' }),
    decidedAt: at('decided_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('claim_process_steps_position_unique').on(table.claimId, table.position),
    index('claim_process_steps_status_idx').on(table.status),
  ],
);
