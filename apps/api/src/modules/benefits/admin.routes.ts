import {
  AdminBenefitDetailResponse,
  AdminBenefitExportQuery,
  AdminBenefitListQuery,
  AdminBenefitListResponse,
  ErrorResponse,
  EXPORT_MESSAGES,
  IdParams,
  StatusCountsQuery,
  StatusCountsResponse,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { requireStaffPermission } from '../../platform/auth/route-access.js';
import { EXPORT_PRODUCES } from '../../platform/exports/table-export.js';
import { sendDatedExport } from '../../platform/http/download.js';
import { countBenefitsByStatus, getBenefitForStaff, listBenefitsForStaff } from './admin-benefits.service.js';
import { exportBenefitsForStaff } from './export-benefits.service.js';

const tags = ['staff review'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const listBenefits = { access: { area: 'admin', permission: 'benefits.read' } } as const;
const exportAccess = { access: { area: 'admin', permission: 'benefits.export' } } as const;

/**
 * Staff review of benefits (spec 7 `/api/v1/benefits*`, issue 9): the list paged by cursor (decision
 * 016), counts by status, the export, and one benefit (each view of personal data audited). The
 * claims under `/api/v1/benefits/claim*` are benefit-claims' (`staff-claims.routes.ts`).
 */
export const adminBenefitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/benefits',
    {
      config: listBenefits,
      schema: {
        operationId: 'listBenefits',
        summary:
          'Benefits, newest first: filter[fundId], filter[status], filter[createdFrom|createdTo]; q is an ID number, member number or surname',
        tags,
        querystring: AdminBenefitListQuery,
        response: { 200: AdminBenefitListResponse, ...errors },
      },
    },
    async (request) => listBenefitsForStaff(app.db, request.query),
  );

  app.get(
    '/benefits/status',
    {
      config: listBenefits,
      schema: {
        operationId: 'countBenefitsByStatus',
        summary: 'Benefits counted by status',
        tags,
        querystring: StatusCountsQuery,
        response: { 200: StatusCountsResponse, ...errors },
      },
    },
    async (request) => countBenefitsByStatus(app.db, request.query.fundId),
  );

  app.get(
    '/benefits/export',
    {
      config: exportAccess,
      schema: {
        operationId: 'exportBenefits',
        summary:
          'Export the benefits the list filters find, as CSV or XLSX (streamed; audited with filters and row count)',
        description:
          'The same filters and search as GET benefits, every row (no pages). ID numbers masked unless unmasked=true, which needs benefits.export-unmasked (403 otherwise).',
        tags,
        querystring: AdminBenefitExportQuery,
        produces: EXPORT_PRODUCES,
        response: { 200: z.any().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.unmasked) {
        await requireStaffPermission(app.db, request, 'benefits.export-unmasked', EXPORT_MESSAGES.unmaskedForbidden);
      }
      const file = exportBenefitsForStaff(app.db, request.query, auditContext(request));
      return sendDatedExport(reply, 'benefits', file);
    },
  );

  app.get(
    '/benefits/:id',
    {
      config: listBenefits,
      schema: {
        operationId: 'getBenefit',
        summary: 'One benefit with its current claim (the view is audited)',
        tags,
        params: IdParams,
        response: { 200: AdminBenefitDetailResponse, ...errors },
      },
    },
    async (request) => getBenefitForStaff(app.db, request.params.id, auditContext(request)),
  );
};
