import { bigint, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, idColumn, timestamps } from './columns.js';
import { users } from './users.js';

/** The staff work queue (spec 7 `tasks*`): open, then completed or rejected with a reason. */
export const tasks = pgTable(
  'tasks',
  {
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** What the task is about, e.g. `claims` / `42`; both null for a free-standing task. */
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    assigneeId: bigint('assignee_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    /** `open` | `completed` | `rejected` */
    status: text('status', { enum: ['open', 'completed', 'rejected'] })
      .notNull()
      .default('open'),
    rejectionReason: text('rejection_reason'),
    resolvedById: bigint('resolved_by_id', { mode: 'number' }).references(() => users.id),
    resolvedAt: at('resolved_at'),
    /** Null when an event created the task. */
    createdById: bigint('created_by_id', { mode: 'number' }).references(() => users.id),
    ...timestamps(),
  },
  (table) => [
    // The queue newest first, whole or by status, and by due date; one person's queue by status (issue 25).
    index('tasks_status_created_at_idx').on(table.status, table.createdAt, table.id),
    index('tasks_created_at_idx').on(table.createdAt, table.id),
    index('tasks_due_date_idx').on(table.dueDate, table.id),
    index('tasks_assignee_status_idx').on(table.assigneeId, table.status, table.createdAt),
    index('tasks_entity_idx').on(table.entityType, table.entityId),
    index('tasks_created_by_idx').on(table.createdById),
    index('tasks_resolved_by_idx').on(table.resolvedById),
  ],
);
