import {
  CreateRoleRequest,
  ErrorResponse,
  IdParams,
  MessageResponse,
  RoleListQuery,
  RoleListResponse,
  RoleResponse,
  UpdateRoleRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const tags = ['roles'];
const read = { access: { area: 'admin', permission: 'roles.read' } } as const;
const write = { access: { area: 'admin', permission: 'roles.write' } } as const;

/** Roles and their permissions (spec 7 `roles*`, issue 6 "RBAC"). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles',
    {
      config: read,
      schema: {
        operationId: 'listRoles',
        summary: 'Roles with their permissions and holder counts; q searches name and description',
        tags,
        querystring: RoleListQuery,
        response: { 200: RoleListResponse, ...errors },
      },
    },
    async (request) => listRoles(app.db, request.query),
  );

  app.get(
    '/roles/:id',
    {
      config: read,
      schema: {
        operationId: 'getRole',
        summary: 'One role with its permissions',
        tags,
        params: IdParams,
        response: { 200: RoleResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => getRole(app.db, request.params.id),
  );

  app.post(
    '/roles',
    {
      config: write,
      schema: {
        operationId: 'createRole',
        summary: 'Create a role with permissions (names from the permission list)',
        tags,
        body: CreateRoleRequest,
        response: { 201: RoleResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createRole(app.db, request.body, auditContext(request))),
  );

  app.patch(
    '/roles/:id',
    {
      config: write,
      schema: {
        operationId: 'updateRole',
        summary: "Change a role; permissions replaces the role's, effective at once",
        tags,
        params: IdParams,
        body: UpdateRoleRequest,
        response: { 200: RoleResponse, 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => updateRole(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/roles/:id',
    {
      config: write,
      schema: {
        operationId: 'deleteRole',
        summary: 'Delete a role no user holds (never the super-admin role)',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      await deleteRole(app.db, request.params.id, auditContext(request));
      return { message: 'The role was deleted.' };
    },
  );
};
