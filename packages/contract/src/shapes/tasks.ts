import { z } from 'zod';
import { zRequiredString } from '../rules/zod-rules.js';
import { listQuery, listResponse, zQueryId } from './lists.js';

export const TASK_STATUSES = ['open', 'completed', 'rejected'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** `YYYY-MM-DD`. */
const zDate = () => z.iso.date({ error: 'Use a date as YYYY-MM-DD.' });

/** A task of the staff work queue (spec 7 `tasks*`). */
export const TaskResponse = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    /** What the task is about, e.g. `claims` 42; null for a free-standing task. */
    entityType: z.string().nullable(),
    entityId: z.string().nullable(),
    assignee: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
    /** YYYY-MM-DD, or null. */
    dueDate: z.string().nullable(),
    status: z.enum(TASK_STATUSES),
    /** Why it was rejected (status `rejected`). */
    rejectionReason: z.string().nullable(),
    /** Who completed or rejected it, and when (ISO 8601). */
    resolvedBy: z.number().int().nullable(),
    resolvedAt: z.string().nullable(),
    /** The staff user who created it; null when an event created it (e.g. a submitted claim). */
    createdBy: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TaskResponse' });
export type TaskResponse = z.infer<typeof TaskResponse>;

/** `POST /api/v1/tasks`. `entityType` and `entityId` go together. */
export const CreateTaskRequest = z
  .object({
    title: zRequiredString(200),
    description: z.string().max(5000).default(''),
    entityType: z
      .string()
      .regex(/^[a-z][a-z_-]{1,40}$/, 'Use a lower-case entity name such as claims.')
      .optional(),
    entityId: z.string().min(1).max(64).optional(),
    assigneeId: z.number().int().min(1).nullable().optional(),
    dueDate: zDate().nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.entityType === undefined) !== (value.entityId === undefined)) {
      const path = value.entityType === undefined ? 'entityType' : 'entityId';
      ctx.addIssue({ code: 'custom', path: [path], message: 'Give both entityType and entityId, or neither.' });
    }
  })
  .meta({ id: 'CreateTaskRequest' });
export type CreateTaskRequest = z.input<typeof CreateTaskRequest>;

/** `PATCH /api/v1/tasks/{id}` (open tasks only): only the fields given change. */
export const UpdateTaskRequest = z
  .object({
    title: zRequiredString(200).optional(),
    description: z.string().max(5000).optional(),
    assigneeId: z.number().int().min(1).nullable().optional(),
    dueDate: zDate().nullable().optional(),
  })
  .meta({ id: 'UpdateTaskRequest' });
export type UpdateTaskRequest = z.input<typeof UpdateTaskRequest>;

/** `PATCH /api/v1/tasks/{id}/reject`. */
export const RejectTaskRequest = z.object({ reason: zRequiredString(2000) }).meta({ id: 'RejectTaskRequest' });
export type RejectTaskRequest = z.input<typeof RejectTaskRequest>;

/** `GET /api/v1/tasks` query: filter by status, assignee and linked entity; search title and description. */
export const TaskListQuery = listQuery({
  sort: ['id', 'createdAt', 'dueDate', 'status', 'title'],
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
  filter: {
    status: z.enum(TASK_STATUSES).optional(),
    assigneeId: zQueryId().optional(),
    entityType: z.string().max(40).optional(),
    entityId: z.string().max(64).optional(),
  },
});
export const TaskListResponse = listResponse(TaskResponse).meta({ id: 'TaskListResponse' });
