import {
  AdminBenefitDetailResponse,
  AdminBenefitExportQuery,
  AdminBenefitListQuery,
  AdminBenefitListResponse,
  AdminClaimExportQuery,
  AdminClaimListQuery,
  AdminClaimQueueResponse,
  AdminClaimResponse,
  ErrorResponse,
  EXPORT_MESSAGES,
  IdParams,
  StatusCountsQuery,
  StatusCountsResponse,
} from '@bcp/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { requireStaff, requireStaffPermission } from '../../platform/auth/route-access.js';
import type { TableExport } from '../../platform/exports/table-export.js';
import { sendDownload } from '../../platform/http/download.js';
import {
  countClaimsByStatus,
  exportClaimsForStaff,
  getBenefitClaimForStaff,
  getClaimForStaff,
  listClaimsForStaff,
} from '../benefit-claims/index.js';
import { countBenefitsByStatus, getBenefitForStaff, listBenefitsForStaff } from './admin-benefits.service.js';
import { exportBenefitsForStaff } from './export-benefits.service.js';

const tags = ['staff review'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const listBenefits = { access: { area: 'admin', permission: 'benefits.read' } } as const;
const exportAccess = { access: { area: 'admin', permission: 'benefits.export' } } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a streamed export as a download named `<name>-<UTC date>.<ext>` (never cached). */
function sendExport(reply: FastifyReply, name: string, file: TableExport) {
  const fileName = `${name}-${new Date().toISOString().slice(0, 10)}.${file.extension}`;
  return sendDownload(reply, { ...file, fileName });
}

const readClaim = { access: { area: 'admin', permission: 'claims.read' } } as const;

/**
 * Staff review of benefits and claims (spec 7 `/api/v1/benefits*`, issue 9): lists paged by cursor
 * (decision 016), counts by status, and one benefit or claim (each view of personal data audited).
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
    '/benefits/claims',
    {
      config: listBenefits,
      schema: {
        operationId: 'listClaims',
        summary:
          'Claims, newest first (drafts only with filter[status]=draft): filter[fundId], filter[status], filter[submittedFrom|submittedTo], filter[minAmountCents|maxAmountCents], filter[flagged], filter[assignee]; q as for benefits',
        description:
          'Each claim with its number of risk flags and its assignee (issue 36). filter[flagged]=true: only claims with a risk flag; filter[assignee]=me|none|<staff user id>; sort=riskFlagCount:desc puts the most flagged first.',
        tags,
        querystring: AdminClaimListQuery,
        response: { 200: AdminClaimQueueResponse, ...errors },
      },
    },
    async (request) => listClaimsForStaff(app.db, request.query, { callerId: requireStaff(request).userId }),
  );

  app.get(
    '/benefits/claims/status',
    {
      config: listBenefits,
      schema: {
        operationId: 'countClaimsByStatus',
        summary: 'Claims counted by status',
        tags,
        querystring: StatusCountsQuery,
        response: { 200: StatusCountsResponse, ...errors },
      },
    },
    async (request) => countClaimsByStatus(app.db, request.query.fundId),
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
        produces: ['text/csv', XLSX],
        response: { 200: z.any().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.unmasked) {
        await requireStaffPermission(app.db, request, 'benefits.export-unmasked', EXPORT_MESSAGES.unmaskedForbidden);
      }
      const file = exportBenefitsForStaff(app.db, request.query, auditContext(request));
      return sendExport(reply, 'benefits', file);
    },
  );

  app.get(
    '/benefits/claims/export',
    {
      config: exportAccess,
      schema: {
        operationId: 'exportClaims',
        summary:
          'Export the claims the list filters find, as CSV or XLSX (streamed; audited with filters and row count)',
        description:
          'The same filters and search as GET benefits/claims, every row. ID and account numbers masked unless unmasked=true, which needs benefits.export-unmasked (403 otherwise).',
        tags,
        querystring: AdminClaimExportQuery,
        produces: ['text/csv', XLSX],
        response: { 200: z.any().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.unmasked) {
        await requireStaffPermission(app.db, request, 'benefits.export-unmasked', EXPORT_MESSAGES.unmaskedForbidden);
      }
      const file = exportClaimsForStaff(
        { db: app.db, secret: app.config.appSecret as string },
        request.query,
        auditContext(request),
      );
      return sendExport(reply, 'claims', file);
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

  app.get(
    '/benefits/:id/claim',
    {
      config: readClaim,
      schema: {
        operationId: 'getBenefitClaimOfBenefit',
        summary:
          "The benefit's current claim with the member's details, documents, bank account and timeline (audited)",
        tags,
        params: IdParams,
        response: { 200: AdminClaimResponse, ...errors },
      },
    },
    async (request) => getBenefitClaimForStaff(app.db, request.params.id, auditContext(request)),
  );

  app.get(
    '/benefits/claim/:id',
    {
      config: readClaim,
      schema: {
        operationId: 'getClaim',
        summary: 'One claim by its id, as `benefits/{id}/claim` (audited)',
        tags,
        params: IdParams,
        response: { 200: AdminClaimResponse, ...errors },
      },
    },
    async (request) => getClaimForStaff(app.db, request.params.id, auditContext(request)),
  );
};
