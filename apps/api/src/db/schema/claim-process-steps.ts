import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { benefitClaims } from './benefit-claims.js';
import { at, idColumn, timestamps } from './columns.js';
import { STEP_KINDS } from './process-steps.js';

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
