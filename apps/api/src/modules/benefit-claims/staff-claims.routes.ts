import {
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { requireStaff, requireStaffPermission } from '../../platform/auth/route-access.js';
import { EXPORT_PRODUCES } from '../../platform/exports/table-export.js';
import { sendDatedExport } from '../../platform/http/download.js';
import {
  countClaimsByStatus,
  getBenefitClaimForStaff,
  getClaimForStaff,
  listClaimsForStaff,
} from './admin-claims.service.js';
import { exportClaimsForStaff } from './export-claims.service.js';

const tags = ['staff review'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
/** The claims list and counts are read with the benefits' permission (as the benefits list). */
const listClaims = { access: { area: 'admin', permission: 'benefits.read' } } as const;
const exportAccess = { access: { area: 'admin', permission: 'benefits.export' } } as const;
const readClaim = { access: { area: 'admin', permission: 'claims.read' } } as const;

/**
 * Staff review of claims (spec 7 `/api/v1/benefits/claim*`, issue 9): the claims list paged by
 * cursor (decision 016), counts by status, the export, and one claim by its id or its benefit's
 * (each view of personal data audited). Moved from the benefits module's routes (issue 35): the
 * URLs, operation ids, permissions and schemas are unchanged.
 */
export const staffClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/benefits/claims',
    {
      config: listClaims,
      schema: {
        operationId: 'listClaims',
        summary:
          'Claims, newest first (drafts only with filter[status]=draft): filter[fundId], filter[status], filter[submittedFrom|submittedTo], filter[minAmountCents|maxAmountCents], filter[flagged], filter[assignee]; q as for benefits',
        description:
          'Each claim with its number of risk flags and its assignee (issue 36). filter[flagged]=true: only claims with a risk flag; filter[assignee]=me|none|<staff user id>; sort=riskFlagCount:desc puts the most flagged first; sort=submittedAt:asc|desc and sort=amountCents:asc|desc (gross) order by submission date or amount, ties by id (issue 38). total counts the matching claims, exactly up to 10 000, else an estimate with totalEstimated: true.',
        tags,
        querystring: AdminClaimListQuery,
        response: { 200: AdminClaimQueueResponse, ...errors },
      },
    },
    async (request) =>
      listClaimsForStaff(app.db, request.query, { callerId: requireStaff(request).userId, count: true }),
  );

  app.get(
    '/benefits/claims/status',
    {
      config: listClaims,
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
        produces: EXPORT_PRODUCES,
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
      return sendDatedExport(reply, 'claims', file);
    },
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
