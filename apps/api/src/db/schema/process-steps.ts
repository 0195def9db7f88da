import { bigint, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';
import { funds } from './funds.js';

/** The kinds of a process step (contract PROCESS_STEP_KINDS' `kind`s), shared with `claim-process-steps.ts`. */
export const STEP_KINDS = [
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
