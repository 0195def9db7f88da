import {
  CreateTaskRequest,
  ErrorResponse,
  IdParams,
  MessageResponse,
  RejectTaskRequest,
  TaskListQuery,
  TaskListResponse,
  TaskResponse,
  UpdateTaskRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { registerAuditTrailRoute } from '../audits/index.js';
import { completeTask, createTask, deleteTask, listTasks, rejectTask, updateTask } from './tasks.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const notOpen = { 404: ErrorResponse, 409: ErrorResponse };
const tags = ['tasks'];
const read = { access: { area: 'admin', permission: 'tasks.read' } } as const;
const write = { access: { area: 'admin', permission: 'tasks.write' } } as const;
const resolve = { access: { area: 'admin', permission: 'tasks.resolve' } } as const;

/** The staff work queue (spec 7 `tasks*`, issue 6 "Tasks"). */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tasks',
    {
      config: read,
      schema: {
        operationId: 'listTasks',
        summary: 'Tasks: filter[status], filter[assigneeId], filter[entityType] and filter[entityId]; q searches',
        tags,
        querystring: TaskListQuery,
        response: { 200: TaskListResponse, ...errors },
      },
    },
    async (request) => listTasks(app.db, request.query),
  );

  app.post(
    '/tasks',
    {
      config: write,
      schema: {
        operationId: 'createTask',
        summary: 'Create a task, optionally linked to an entity and assigned',
        tags,
        body: CreateTaskRequest,
        response: { 201: TaskResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTask(app.db, request.body, auditContext(request))),
  );

  app.patch(
    '/tasks/:id',
    {
      config: write,
      schema: {
        operationId: 'updateTask',
        summary: 'Change an open task (title, description, assignee, due date)',
        tags,
        params: IdParams,
        body: UpdateTaskRequest,
        response: { 200: TaskResponse, ...notOpen, ...errors },
      },
    },
    async (request) => updateTask(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/tasks/:id',
    {
      config: write,
      schema: {
        operationId: 'deleteTask',
        summary: 'Delete a task',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      await deleteTask(app.db, request.params.id, auditContext(request));
      return { message: 'The task was deleted.' };
    },
  );

  app.patch(
    '/tasks/:id/complete',
    {
      config: resolve,
      schema: {
        operationId: 'completeTask',
        summary: 'Complete an open task',
        tags,
        params: IdParams,
        response: { 200: TaskResponse, ...notOpen, ...errors },
      },
    },
    async (request) => completeTask(app.db, request.params.id, auditContext(request)),
  );

  app.patch(
    '/tasks/:id/reject',
    {
      config: resolve,
      schema: {
        operationId: 'rejectTask',
        summary: 'Reject an open task with a reason',
        tags,
        params: IdParams,
        body: RejectTaskRequest,
        response: { 200: TaskResponse, ...notOpen, ...errors },
      },
    },
    async (request) => rejectTask(app.db, request.params.id, request.body.reason, auditContext(request)),
  );

  registerAuditTrailRoute(app, {
    operationId: 'listTaskAudits',
    path: '/tasks/:id/audits',
    entityType: 'tasks',
    tag: 'tasks',
  });
};
