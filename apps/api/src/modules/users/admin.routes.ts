import {
  CreateStaffUserRequest,
  ErrorResponse,
  IdParams,
  MessageResponse,
  StaffUserListQuery,
  StaffUserListResponse,
  StaffUserResponse,
  UpdateStaffUserRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { inviteStaffUser } from './invite.service.js';
import { deleteStaffUser, getStaffUser, listStaffUsers, updateStaffUser } from './users.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const tags = ['users'];
const read = { access: { area: 'admin', permission: 'users.read' } } as const;
const write = { access: { area: 'admin', permission: 'users.write' } } as const;

/** Staff users (spec 7 `users*`, issue 6 "RBAC"). Lists follow the one list contract (`ListQuery`). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: read,
      schema: {
        operationId: 'listUsers',
        summary: 'Staff users: search email and name; filter[active], filter[roleId]',
        tags,
        querystring: StaffUserListQuery,
        response: { 200: StaffUserListResponse, ...errors },
      },
    },
    async (request) => listStaffUsers(app.db, request.query),
  );

  app.post(
    '/users',
    {
      config: write,
      schema: {
        operationId: 'createUser',
        summary: 'Create a staff user; they are emailed a link to set their password (72 hours)',
        tags,
        body: CreateStaffUserRequest,
        response: { 201: StaffUserResponse, ...errors },
      },
    },
    async (request, reply) => {
      const deps = { db: app.db, messenger: app.messenger, publicUrl: app.config.publicUrl };
      return reply.status(201).send(await inviteStaffUser(deps, request.body, auditContext(request)));
    },
  );

  app.get(
    '/users/:id',
    {
      config: read,
      schema: {
        operationId: 'getUser',
        summary: 'One staff user with roles',
        tags,
        params: IdParams,
        response: { 200: StaffUserResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => getStaffUser(app.db, request.params.id),
  );

  app.patch(
    '/users/:id',
    {
      config: write,
      schema: {
        operationId: 'updateUser',
        summary: 'Change a staff user: fields given only; roleIds replaces; active=false ends their sessions',
        tags,
        params: IdParams,
        body: UpdateStaffUserRequest,
        response: { 200: StaffUserResponse, 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => updateStaffUser(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/users/:id',
    {
      config: write,
      schema: {
        operationId: 'deleteUser',
        summary: 'Delete a staff user (their sessions end; the audit trail keeps them)',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      await deleteStaffUser(app.db, request.params.id, auditContext(request));
      return { message: 'The user was deleted.' };
    },
  );
};
