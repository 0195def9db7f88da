import type { SortTerm, TaskStatus } from '@bcp/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { tasks } from '../../db/schema/tasks.js';
import { orderBy, searchCondition } from '../../platform/lists/list-page.js';

/* The tasks module's data access (issue 35 item 1): the only file that reads or writes `tasks`. */

/** A row of `tasks`. */
export type TaskRecord = typeof tasks.$inferSelect;
/** The columns of a task that may be written. */
export type TaskValues = typeof tasks.$inferInsert;

/** The sort keys of the task queue. */
export type TaskSort = 'id' | 'createdAt' | 'dueDate' | 'status' | 'title';

/** Which tasks the queue shows; `q` searches title and description. */
export interface TaskFilter {
  status?: TaskStatus | undefined;
  assigneeId?: number | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
}

/** Writes a new task and returns the row. */
export async function insertTask(db: Database, values: TaskValues): Promise<TaskRecord> {
  const [row] = await db.insert(tasks).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * The tasks matching `filter` and `q`, as a page reader for `listPage`: `rows` reads a window
 * sorted by `sort` (then id), `count` counts every match.
 */
export function taskPages(
  db: Database,
  filter: TaskFilter,
  q: string | undefined,
  sort: readonly SortTerm<TaskSort>[],
): { rows: (window: { limit: number; offset: number }) => Promise<TaskRecord[]>; count: () => Promise<number> } {
  const where: SQL | undefined = and(
    filter.status ? eq(tasks.status, filter.status) : undefined,
    filter.assigneeId ? eq(tasks.assigneeId, filter.assigneeId) : undefined,
    filter.entityType ? eq(tasks.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(tasks.entityId, filter.entityId) : undefined,
    searchCondition(q, [tasks.title, tasks.description]),
  );
  const columns = {
    id: tasks.id,
    createdAt: tasks.createdAt,
    dueDate: tasks.dueDate,
    status: tasks.status,
    title: tasks.title,
  };
  return {
    rows: (window) =>
      db
        .select()
        .from(tasks)
        .where(where)
        .orderBy(...orderBy(sort, columns, tasks.id))
        .limit(window.limit)
        .offset(window.offset),
    count: () => db.$count(tasks, where),
  };
}

/** Task `id`, or undefined. */
export async function findTaskRow(db: Database, id: number): Promise<TaskRecord | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

/** Changes task `id` (and `updatedAt`) if it is still open; undefined when it is not (or gone). */
export async function updateOpenTaskRow(
  db: Database,
  id: number,
  change: Partial<TaskValues>,
): Promise<TaskRecord | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(tasks.id, id), eq(tasks.status, 'open')))
    .returning();
  return row;
}

/** Deletes task `id`. */
export async function deleteTaskRow(db: Database, id: number): Promise<void> {
  await db.delete(tasks).where(eq(tasks.id, id));
}
