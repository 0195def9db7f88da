import {
  AdminClaimResponse,
  AdminLodgeClaimRequest,
  APPROVAL_MESSAGES,
  BankMatchQuery,
  BankMatchResponse,
  ClaimDecisionRequest,
  ClaimDocumentParams,
  ClaimDocumentReviewRequest,
  ErrorResponse,
  IdParams,
  InformationRequestRequest,
  ProcessStepLogRequest,
  SendBackApprovalRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { requireStaffPermission } from '../../platform/auth/route-access.js';
import { sendStoredFile } from '../../platform/files/file-stores.js';
import { getClaimForStaff } from './admin-claims.service.js';
import { matchClaimBankAccount } from './bank-match.service.js';
import { assertStaffMayDecide, decideClaim, lodgeClaimForMember } from './claim-decisions.service.js';
import { openClaimDocumentForStaff } from './claim-documents.service.js';
import { requestClaimInformation, reviewClaimDocument } from './claim-information.service.js';
import { sendBackFirstApproval } from './four-eyes.service.js';
import { recordProcessStepLog } from './process-step-log.service.js';

const tags = ['staff review'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };

function staffActor(request: { staff?: { userId: number } }) {
  return { type: 'user' as const, id: request.staff?.userId ?? null };
}

/**
 * Staff decisions on claims (issue 9; spec 4 "Benefit claims can be claimed and approved"): start
 * the review, decide where no fund administrator is connected, and lodge assisted claims. Each
 * move is audited and the member is told (by the claim service, with the move).
 */
export const adminClaimDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/benefits/claim/:id/review',
    {
      config: { access: { area: 'admin', permission: 'claims.review' } },
      schema: {
        operationId: 'startClaimReview',
        summary: 'Start the review of a submitted claim (submitted -> in_review); repeating it changes nothing',
        tags,
        params: IdParams,
        response: { 200: AdminClaimResponse, ...errors },
      },
    },
    async (request) => {
      await decideClaim(app, request.params.id, 'in_review', {}, staffActor(request), auditContext(request));
      return getClaimForStaff(app.db, request.params.id, auditContext(request));
    },
  );

  app.post(
    '/benefits/claim/:id/decision',
    {
      config: { access: { area: 'admin', permission: 'claims.approve' } },
      schema: {
        operationId: 'decideClaim',
        summary: 'Approve, reject (with the reason) or mark paid (with the payment reference) a claim',
        description:
          'Approving needs the approval checks met (process steps before the decision passed, documents accepted, bank match run and passed): 409 naming each unmet check in `errors` otherwise, unless overrideReason is given by a user with claims.override (403 without it). ' +
          "confirmNetCents, the net payout the approver was shown, answers 409 when it changed. Over the fund's second-approval amount the first approval leaves the claim in review awaiting a second (approval.firstApproval); a different user approves it, who neither changed its bank details nor reviewed the member's identity (409 otherwise). " +
          "Only for funds without a connected administrator (409 otherwise: the administrator decides through the partner API). A repeat of the same decision changes nothing; a move the claim's state does not allow is 409.",
        tags,
        params: IdParams,
        body: ClaimDecisionRequest,
        response: { 200: AdminClaimResponse, ...errors },
      },
    },
    async (request) => {
      await assertStaffMayDecide(app.db, request.params.id);
      if (request.body.overrideReason !== undefined) {
        await requireStaffPermission(app.db, request, 'claims.override', APPROVAL_MESSAGES.overridePermission);
      }
      const { decision, ...details } = request.body;
      await decideClaim(app, request.params.id, decision, details, staffActor(request), auditContext(request));
      return getClaimForStaff(app.db, request.params.id, auditContext(request));
    },
  );

  app.post(
    '/benefits/claim/:id/approval/send-back',
    {
      config: { access: { area: 'admin', permission: 'claims.approve' } },
      schema: {
        operationId: 'createBenefitsClaimApprovalSendBack',
        summary: 'Send a first approval back, with the reason (four-eyes): the claim stays in review without it',
        description:
          'For a claim awaiting its second approval (409 otherwise). The reason is audited; the first approval and its override are cleared.',
        tags,
        params: IdParams,
        body: SendBackApprovalRequest,
        response: { 200: AdminClaimResponse, ...errors },
      },
    },
    async (request) => {
      await assertStaffMayDecide(app.db, request.params.id);
      await sendBackFirstApproval(app.db, request.params.id, request.body.reason, auditContext(request));
      return getClaimForStaff(app.db, request.params.id, auditContext(request));
    },
  );

  app.get(
    '/benefits/:id/bank/match',
    {
      config: { access: { area: 'admin', permission: 'claims.review' } },
      schema: {
        operationId: 'matchClaimBankAccount',
        summary: "Verify the claim's bank account against the member (AVS); the result is kept on the claim",
        description:
          "Checks: account exists, open, ID number, initials and surname match, accepts credits, open 3 months. A result kept for the claim's current account is answered again unless refresh=true. A failed match blocks approval unless staff give bankMatchOverrideReason. 409 without a bank account, 503 when the provider cannot answer.",
        tags,
        params: IdParams,
        querystring: BankMatchQuery,
        response: { 200: BankMatchResponse, ...errors, 503: ErrorResponse },
      },
    },
    async (request) =>
      matchClaimBankAccount(
        {
          db: app.db,
          secret: app.config.appSecret as string,
          provider: app.bankVerification,
          risk: app.config.risk,
        },
        request.params.id,
        request.query,
        auditContext(request),
      ),
  );

  app.get(
    '/benefits/claim/:id/documents/:documentId',
    {
      config: { access: { area: 'admin', permission: 'claims.read' } },
      schema: {
        operationId: 'getClaimDocument',
        summary: "A claim document's file (PDF, JPEG or PNG), for the review; every read is audited",
        tags,
        params: ClaimDocumentParams,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: {
          200: z.any().describe('The file, as uploaded'),
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const file = await openClaimDocumentForStaff(
        { db: app.db, files: app.files },
        request.params.id,
        request.params.documentId,
        auditContext(request),
      );
      return sendStoredFile(reply, app.files, app.config.files, {
        ...file,
        fileName: `document-${request.params.documentId}`,
      });
    },
  );

  app.post(
    '/benefits/claim/:id/information',
    {
      config: { access: { area: 'admin', permission: 'claims.review' } },
      schema: {
        operationId: 'createBenefitsClaimInformation',
        summary: 'Ask the member for a document or a correction (submitted | in_review -> information_requested)',
        description:
          'The member is told (activity, push, email or SMS) and answers on the claim page; the answer takes the ' +
          "claim back to review. Optionally rejects one of the claim's documents with the reason and what to do. " +
          '409 when the claim is not submitted or in review (e.g. a request is already open).',
        tags,
        params: IdParams,
        body: InformationRequestRequest,
        response: { 200: AdminClaimResponse, ...errors },
      },
    },
    async (request) => {
      await requestClaimInformation(
        app,
        request.params.id,
        request.body,
        { type: 'user', id: request.staff?.userId ?? null },
        auditContext(request),
      );
      return getClaimForStaff(app.db, request.params.id, auditContext(request));
    },
  );

  app.post(
    '/benefits/claim/:id/documents/:documentId/review',
    {
      config: { access: { area: 'admin', permission: 'claims.review' } },
      schema: {
        operationId: 'createBenefitsClaimDocumentReview',
        summary: 'Accept a claim document, or reject it with the reason and what the member should do',
        description: 'The member sees the state on the claim page. 409 on a draft claim.',
        tags,
        params: ClaimDocumentParams,
        body: ClaimDocumentReviewRequest,
        response: { 200: AdminClaimResponse, ...errors },
      },
    },
    async (request) => {
      await reviewClaimDocument(
        app.db,
        request.params.id,
        request.params.documentId,
        request.body,
        auditContext(request),
      );
      return getClaimForStaff(app.db, request.params.id, auditContext(request));
    },
  );

  app.post(
    '/benefits/:id',
    {
      config: { access: { area: 'admin', permission: 'claims.review' } },
      schema: {
        operationId: 'recordProcessStep',
        summary: "Record a process step's outcome (passed or failed, with a note) on the benefit's claim",
        description: 'The first outcome on a submitted claim starts its review (submitted -> in_review).',
        tags,
        params: IdParams,
        body: ProcessStepLogRequest,
        response: { 200: AdminClaimResponse, ...errors },
      },
    },
    async (request) => {
      const { claimId } = await recordProcessStepLog(
        app,
        request.params.id,
        request.body,
        staffActor(request),
        auditContext(request),
      );
      return getClaimForStaff(app.db, claimId, auditContext(request));
    },
  );

  app.post(
    '/benefits/:id/admin/claim',
    {
      config: { access: { area: 'admin', permission: 'claims.lodge' } },
      schema: {
        operationId: 'lodgeAssistedClaim',
        summary: "Lodge a claim on the member's behalf (assisted claim); the reason is in the timeline and audit trail",
        tags,
        params: IdParams,
        body: AdminLodgeClaimRequest,
        response: { 200: AdminClaimResponse, ...errors },
      },
    },
    async (request) => {
      const claimId = await lodgeClaimForMember(
        app.db,
        request.params.id,
        request.body.reason,
        staffActor(request),
        auditContext(request),
      );
      return getClaimForStaff(app.db, claimId, auditContext(request));
    },
  );
};
