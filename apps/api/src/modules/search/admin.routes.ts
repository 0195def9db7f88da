import { ErrorResponse, GlobalSearchQuery, GlobalSearchResponse } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { ACCESS_MESSAGES, requireStaff } from '../../platform/auth/route-access.js';
import { AppError } from '../../platform/errors/app-error.js';
import { loadStaffAccess } from '../../platform/rbac/staff-access.js';
import { globalSearch } from './global-search.service.js';

/** The back office's global search (issue 38 item 2). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      config: { access: { area: 'admin', session: 'verified' } },
      schema: {
        operationId: 'globalSearch',
        summary:
          'Find persons, claims, invoices and uploads by ID number, member number, surname, claim, invoice number or file name',
        description:
          'Any staff session past its PIN; each kind only as its permissions allow, else null: persons need ' +
          '`benefits.read` and `persons.read`, claims `benefits.read` and `claims.read`, invoices `invoices.read`, ' +
          'uploads `file-uploads.read`. At most 5 of each kind, `more` when there are others. ID numbers are ' +
          'masked; a search by ID number is audited (`persons.searched`). 422 for an empty or blank `q` or one ' +
          'longer than 100 characters.',
        tags: ['search'],
        querystring: GlobalSearchQuery,
        response: { 200: GlobalSearchResponse, 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const access = await loadStaffAccess(app.db, requireStaff(request).userId);
      if (!access) throw new AppError('unauthenticated', ACCESS_MESSAGES.sessionEnded);
      reply.header('cache-control', 'no-store');
      return globalSearch(app.db, access, request.query.q, auditContext(request));
    },
  );
};
