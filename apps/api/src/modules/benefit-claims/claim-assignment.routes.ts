import {
  BulkClaimAssigneeRequest,
  BulkClaimAssigneeResponse,
  ClaimAssigneeOptionsResponse,
  ClaimAssigneeRequest,
  ClaimAssignmentResponse,
  ErrorResponse,
  IdParams,
} from '@bcp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { requireStaff } from '../../platform/auth/route-access.js';
import { hasPermission, loadStaffAccess } from '../../platform/rbac/staff-access.js';
import { type Assigner, assignClaim, assignClaims, listClaimAssignees } from './claim-assignment.service.js';

const tags = ['staff review'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };

/** The signed-in staff user as an assigner: may they give claims to others (`claims.assign`)? */
async function assigner(app: FastifyInstance, request: FastifyRequest): Promise<Assigner> {
  const { userId } = requireStaff(request);
  const access = await loadStaffAccess(app.db, userId);
  return { userId, mayAssignOthers: access !== undefined && hasPermission(access, 'claims.assign') };
}

/**
 * Claim assignment (issue 36 item 4): take a claim, give it to someone, let it go; several at once
 * from the queue; the staff users who can be given claims. Each change audited (`claims.assigned`).
 */
export const claimAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/benefits/claim/:id/assignee',
    {
      config: { access: { area: 'admin', permission: 'claims.review' } },
      schema: {
        operationId: 'assignClaim',
        summary: 'Give the claim to a staff user (yourself: "assign to me"), or to nobody (userId null)',
        description:
          'Taking a claim or letting your own go needs claims.review; giving it to someone else, or taking it from someone else, needs claims.assign (403). The assignee must be an active staff user with claims.review (422). 409 for a draft, or when the assignee changed meanwhile. Audited (claims.assigned).',
        tags,
        params: IdParams,
        body: ClaimAssigneeRequest,
        response: { 200: ClaimAssignmentResponse, ...errors },
      },
    },
    async (request) =>
      assignClaim(app.db, request.params.id, request.body.userId, await assigner(app, request), auditContext(request)),
  );

  app.post(
    '/benefits/claims/assignee',
    {
      config: { access: { area: 'admin', permission: 'claims.review' } },
      schema: {
        operationId: 'assignClaims',
        summary: 'Give up to 100 claims to one staff user, or to nobody (all or none)',
        description:
          'The same rules as for one claim, for each claim; 422 when a claim does not exist. Claims already with that assignee are left as they are.',
        tags,
        body: BulkClaimAssigneeRequest,
        response: { 200: BulkClaimAssigneeResponse, ...errors },
      },
    },
    async (request) =>
      assignClaims(
        app.db,
        request.body.claimIds,
        request.body.userId,
        await assigner(app, request),
        auditContext(request),
      ),
  );

  app.get(
    '/benefits/claims/assignees',
    {
      config: { access: { area: 'admin', permission: 'claims.assign' } },
      schema: {
        operationId: 'listClaimAssignees',
        summary: 'The staff users who can be given claims (active, with claims.review), by name',
        tags,
        response: { 200: ClaimAssigneeOptionsResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async () => listClaimAssignees(app.db),
  );
};
