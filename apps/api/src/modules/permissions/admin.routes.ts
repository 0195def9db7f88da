import { ErrorResponse, IdParams, MessageResponse, PermissionListQuery, PermissionListResponse } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { syncPermissions } from '../../platform/rbac/permission-sync.js';
import { deletePermission, listPermissions } from './permissions.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const tags = ['permissions'];

/**
 * Permissions (spec 7 `permissions`, issue 6 "RBAC"). Registering these routes also copies the
 * code's permission list into the database when the server is ready (after migrations).
 */
export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', async () => syncPermissions(app.db));

  app.get(
    '/permissions',
    {
      config: { access: { area: 'admin', permission: 'permissions.read' } },
      schema: {
        operationId: 'listPermissions',
        summary: 'Permissions the server knows; inCode=false marks ones the code dropped (deletable)',
        tags,
        querystring: PermissionListQuery,
        response: { 200: PermissionListResponse, ...errors },
      },
    },
    async (request) => listPermissions(app.db, request.query),
  );

  app.delete(
    '/permissions/:id',
    {
      config: { access: { area: 'admin', permission: 'permissions.delete' } },
      schema: {
        operationId: 'deletePermission',
        summary: 'Delete a permission that is neither in the code nor given to a role',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      await deletePermission(app.db, request.params.id, auditContext(request));
      return { message: 'The permission was deleted.' };
    },
  );
};
