import { DashboardResponse, ErrorResponse } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_MESSAGES, requireStaff } from '../../platform/auth/route-access.js';
import { AppError } from '../../platform/errors/app-error.js';
import { loadStaffAccess } from '../../platform/rbac/staff-access.js';
import { readDashboard } from './dashboard.service.js';

/** The back office's first screen (issue 19). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { access: { area: 'admin', session: 'verified' } },
      schema: {
        operationId: 'getDashboard',
        summary: "The dashboard's figures: claims, funds, uploads and my tasks, each as my permissions allow",
        description:
          'Any staff session past its PIN. `claims` and `funds` need `benefits.read`, `uploads` `file-uploads.read`, ' +
          '`tasks` `tasks.read`; a part the caller may not see is null. Working days are Monday to Friday.',
        tags: ['dashboard'],
        response: { 200: DashboardResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const access = await loadStaffAccess(app.db, requireStaff(request).userId);
      if (!access) throw new AppError('unauthenticated', ACCESS_MESSAGES.sessionEnded);
      return readDashboard(app.db, access);
    },
  );
};
