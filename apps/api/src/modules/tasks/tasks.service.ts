import type { ListQuery, ListResponse, TaskResponse, UpdateTaskRequest } from '@bcp/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage } from '../../platform/lists/list-page.js';
import { isActiveStaffUser, staffUsersByIds } from '../users/index.js';
import {
  deleteTaskRow,
  findTaskRow,
  insertTask,
  type TaskFilter,
  type TaskRecord,
  type TaskSort,
  type TaskValues,
  taskPages,
  updateOpenTaskRow,
} from './tasks.repository.js';

type Assignee = { id: number; name: string; email: string };

export const TASK_MESSAGES = {
  notFound: 'No such task.',
  notOpen: 'This task is already completed or rejected.',
  unknownAssignee: 'No active staff user with this id.',
} as const;

/** An event (no staff user) creating or changing a task. */
const SYSTEM: AuditContext = { actor: { type: 'system' } };

/** What `createTask` takes: a title, and optionally the linked entity, assignee and due date. */
export interface NewTask {
  title: string;
  description?: string;
  /** The linked entity, e.g. `claims` and the claim's id; give both or neither. */
  entityType?: string | null;
  entityId?: string | number | null;
  /** A staff user's id (users.id). */
  assigneeId?: number | null;
  /** YYYY-MM-DD. */
  dueDate?: string | null;
}

async function assigneesOf(db: Database, ids: (number | null)[]): Promise<Map<number, Assignee>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await staffUsersByIds(db, wanted);
  return new Map(rows.map((row) => [row.id, row]));
}

function toResponse(row: TaskRecord, assignees: Map<number, Assignee>): TaskResponse {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    entityType: row.entityType,
    entityId: row.entityId,
    assignee: row.assigneeId === null ? null : (assignees.get(row.assigneeId) ?? null),
    dueDate: row.dueDate,
    status: row.status,
    rejectionReason: row.rejectionReason,
    resolvedBy: row.resolvedById,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdBy: row.createdById,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function describeTask(db: Database, row: TaskRecord): Promise<TaskResponse> {
  return toResponse(row, await assigneesOf(db, [row.assigneeId]));
}

function auditFields(task: TaskResponse): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, assignee, ...fields } = task;
  return { ...fields, assigneeId: assignee?.id ?? null };
}

async function assertAssignable(db: Database, assigneeId: number | null | undefined): Promise<void> {
  if (assigneeId === null || assigneeId === undefined) return;
  if (!(await isActiveStaffUser(db, assigneeId)))
    throw new AppError('validation', TASK_MESSAGES.unknownAssignee, { assigneeId: [TASK_MESSAGES.unknownAssignee] });
}

/**
 * Puts a task in the staff work queue (issue 6 "Tasks"). Other domains call it when an event needs
 * a person, e.g. a submitted claim:
 *
 * ```ts
 * await createTask(tx, { title: 'Review claim', entityType: 'claims', entityId: claim.id, dueDate: '2026-07-01' });
 * ```
 * `db` may be a transaction (the task then exists only if the event's change is stored). Without
 * `context` the creator is the system (`createdBy` null). Audited `tasks.created`.
 * @throws AppError `validation` (422, field `assigneeId`) for an unknown or inactive assignee
 */
export async function createTask(db: Database, input: NewTask, context: AuditContext = SYSTEM): Promise<TaskResponse> {
  await assertAssignable(db, input.assigneeId);
  const row = await insertTask(db, {
    title: input.title,
    description: input.description ?? '',
    entityType: input.entityType ?? null,
    entityId: input.entityId === undefined || input.entityId === null ? null : String(input.entityId),
    assigneeId: input.assigneeId ?? null,
    dueDate: input.dueDate ?? null,
    createdById: context.actor.type === 'staff' ? (context.actor.id ?? null) : null,
  });
  const response = await describeTask(db, row);
  await recordAudit(db, {
    ...context,
    action: 'tasks.created',
    entityType: 'tasks',
    entityId: row.id,
    after: auditFields(response),
  });
  return response;
}

/**
 * The task queue in the list envelope (spec 7 `GET tasks`): `filter[status]`, `filter[assigneeId]`,
 * `filter[entityType]` + `filter[entityId]`; `q` searches title and description.
 */
export async function listTasks(
  db: Database,
  query: ListQuery<TaskSort, TaskFilter>,
): Promise<ListResponse<TaskResponse>> {
  const filter = query.filter ?? {};
  const pages = taskPages(db, filter, query.q, query.sort);
  let assignees = new Map<number, Assignee>();
  return listPage(query, {
    rows: async (window) => {
      const rows = await pages.rows(window);
      assignees = await assigneesOf(
        db,
        rows.map((row) => row.assigneeId),
      );
      return rows;
    },
    count: pages.count,
    countKey: { scope: db, key: `tasks:${JSON.stringify(filter)}:${query.q ?? ''}` },
    toItem: (row) => toResponse(row, assignees),
  });
}

async function findTask(db: Database, id: number): Promise<TaskRecord> {
  const row = await findTaskRow(db, id);
  if (!row) throw new AppError('not_found', TASK_MESSAGES.notFound);
  return row;
}

/**
 * Changes an open task and audits it (`tasks.<verb>` with before and after). Refuses a task that
 * is not open.
 */
async function changeOpenTask(
  db: Database,
  id: number,
  change: Partial<TaskValues>,
  audit: { verb: string; context: AuditContext },
): Promise<TaskResponse> {
  const task = await findTask(db, id);
  if (task.status !== 'open') throw new AppError('conflict', TASK_MESSAGES.notOpen);
  const before = auditFields(await describeTask(db, task));
  const row = await updateOpenTaskRow(db, id, change);
  if (!row) throw new AppError('conflict', TASK_MESSAGES.notOpen);
  const response = await describeTask(db, row);
  await recordAudit(db, {
    ...audit.context,
    action: `tasks.${audit.verb}`,
    entityType: 'tasks',
    entityId: id,
    before,
    after: auditFields(response),
  });
  return response;
}

/**
 * Changes an open task (spec 7 `PATCH tasks/{id}`): fields given only; audited `tasks.updated`.
 * @throws AppError `not_found` (404); `conflict` (409) not open; `validation` (422) unknown assignee
 */
export async function updateTask(
  db: Database,
  id: number,
  input: z.output<typeof UpdateTaskRequest>,
  context: AuditContext,
): Promise<TaskResponse> {
  await assertAssignable(db, input.assigneeId);
  const change = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  return changeOpenTask(db, id, change, { verb: 'updated', context });
}

/**
 * Completes an open task (spec 7 `PATCH tasks/{id}/complete`); audited `tasks.completed`.
 * @throws AppError `not_found` (404); `conflict` (409) not open
 */
export async function completeTask(db: Database, id: number, context: AuditContext): Promise<TaskResponse> {
  return changeOpenTask(
    db,
    id,
    { status: 'completed', resolvedAt: new Date(), resolvedById: staffId(context) },
    { verb: 'completed', context },
  );
}

/**
 * Rejects an open task with a reason (spec 7 `PATCH tasks/{id}/reject`); audited `tasks.rejected`.
 * @throws AppError `not_found` (404); `conflict` (409) not open
 */
export async function rejectTask(
  db: Database,
  id: number,
  reason: string,
  context: AuditContext,
): Promise<TaskResponse> {
  return changeOpenTask(
    db,
    id,
    { status: 'rejected', rejectionReason: reason, resolvedAt: new Date(), resolvedById: staffId(context) },
    { verb: 'rejected', context },
  );
}

/**
 * Deletes a task (spec 7 `DELETE tasks/{id}`); audited `tasks.deleted` with its last state.
 * @throws AppError `not_found` (404)
 */
export async function deleteTask(db: Database, id: number, context: AuditContext): Promise<void> {
  const task = await findTask(db, id);
  const before = auditFields(await describeTask(db, task));
  await deleteTaskRow(db, id);
  await recordAudit(db, { ...context, action: 'tasks.deleted', entityType: 'tasks', entityId: id, before });
}

function staffId(context: AuditContext): number | null {
  return context.actor.type === 'staff' ? (context.actor.id ?? null) : null;
}
