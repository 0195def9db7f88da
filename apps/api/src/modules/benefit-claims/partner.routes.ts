import {
  ErrorResponse,
  PartnerApprovalRequest,
  PartnerClaimDetailsRequest,
  PartnerClaimDetailsResponse,
  PartnerClaimDocumentRequest,
  PartnerClaimListRequest,
  PartnerClaimListResponse,
  PartnerInformationRequestRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePartner } from '../../platform/auth/route-access.js';
import { sendStoredFile } from '../../platform/files/file-stores.js';
import { partnerThrottles } from '../../platform/http/rate-limit.js';
import { partnerAuditContext } from '../partners/index.js';
import {
  answerClaimApproval,
  getPartnerClaimDetails,
  listPartnerClaims,
  openPartnerClaimDocument,
  requestPartnerClaimInformation,
} from './partner-claims.service.js';

const tags = ['partner API'];
/** Per client: a partner's batch job may be busy, but not unbounded. */
const partner = { access: { area: 'partner' }, throttle: partnerThrottles() } as const;
const errors = { 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };

const ApprovalResponse = z
  .object({
    claimId: z.number().int(),
    status: z.string(),
    /** false when the same answer had already been recorded (a replay changes nothing). */
    changed: z.boolean(),
  })
  .meta({ id: 'PartnerApprovalResponse', examples: [{ claimId: 42, status: 'approved', changed: true }] });

/** The answer of `requestinformation`: the claim now waits for the member (issue 39 item 2). */
const InformationRequestResponse = z
  .object({
    claimId: z.number().int(),
    status: z.literal('information_requested'),
    /** Always true: a second request while one is open is 409. */
    changed: z.literal(true),
  })
  .meta({ id: 'PartnerInformationRequestResponse' });

/**
 * The partner API for fund administrators (spec 7 "Admin, version 2 (all POST)", issue 9):
 * `Authorization: Bearer bcp_pk_...` (an API key staff created for the partner); no cookies, no
 * XSRF. Only claims of the funds the partner administers; any other claim is 404. Their documents
 * too (`getdocument`, issue 39 item 4).
 */
export const partnerClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/benefitclaim/getlist',
    {
      config: { ...partner, errorCodes: ['invalid_cursor'] },
      schema: {
        operationId: 'listBenefitClaims',
        summary: "Claims of the partner's funds: by status and submission date, newest first, cursor pages",
        tags,
        body: PartnerClaimListRequest,
        response: { 200: PartnerClaimListResponse, ...errors },
      },
    },
    async (request) => listPartnerClaims(app.db, requirePartner(request), request.body),
  );

  app.post(
    '/benefitclaim/getdetails',
    {
      config: { ...partner, errorCodes: ['not_found'] },
      schema: {
        operationId: 'getBenefitClaim',
        summary: 'What the administrator needs to pay: member identity, benefit, bank account, documents, fees, net',
        description: 'The bank account number is given in full; every call is in the audit trail.',
        tags,
        body: PartnerClaimDetailsRequest,
        response: { 200: PartnerClaimDetailsResponse, ...errors },
      },
    },
    async (request) => {
      const identity = requirePartner(request);
      return getPartnerClaimDetails(
        app.db,
        app.config.appSecret as string,
        identity,
        request.body.claimId,
        partnerAuditContext(identity, request.ip),
      );
    },
  );

  app.post(
    '/benefitclaim/getdocument',
    {
      config: { ...partner, errorCodes: ['not_found', 'document_not_found', 'file_unavailable'] },
      schema: {
        operationId: 'getBenefitClaimDocument',
        summary: "One of the claim's documents (PDF, JPEG or PNG, as getdetails lists them); every read is audited",
        description:
          'The file as the member uploaded it (its type checked by its bytes at upload, at most 10 MB): `Content-Type` ' +
          'the stored type, `Content-Disposition: attachment`, never cached. 404 for a claim of a fund you do not ' +
          'serve, or a document not on the claim (replaced or removed).',
        tags,
        body: PartnerClaimDocumentRequest,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: {
          200: z.any().describe('The file, as uploaded'),
          401: ErrorResponse,
          404: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const identity = requirePartner(request);
      const file = await openPartnerClaimDocument(
        { db: app.db, files: app.files },
        identity,
        request.body,
        partnerAuditContext(identity, request.ip),
      );
      return sendStoredFile(reply, app.files, app.config.files, file);
    },
  );

  app.post(
    '/benefitclaim/approvalresponse',
    {
      config: {
        ...partner,
        errorCodes: [
          'not_found',
          'conflict',
          'claim_state_conflict',
          'claim_changed',
          'claim_already_decided',
          'claim_not_ready_for_approval',
          'net_amount_changed',
          'claim_not_in_review',
        ],
      },
      schema: {
        operationId: 'answerBenefitClaim',
        summary: 'Approve, reject (with the reason the member reads) or mark paid (with the payment reference)',
        description:
          'Idempotent: the same answer again changes nothing (`changed: false`). A claim not yet in review is taken ' +
          "through review first; a move the claim's state does not allow (e.g. paid before approved) is 409.",
        tags,
        body: PartnerApprovalRequest,
        response: { 200: ApprovalResponse, ...errors },
      },
    },
    async (request) => {
      const identity = requirePartner(request);
      return answerClaimApproval(app, identity, request.body, partnerAuditContext(identity, request.ip));
    },
  );

  app.post(
    '/benefitclaim/requestinformation',
    {
      config: { ...partner, errorCodes: ['not_found', 'conflict', 'claim_changed', 'information_not_requestable'] },
      schema: {
        operationId: 'requestBenefitClaimInformation',
        summary: 'Ask the member for a document or a correction, with a message (the claim waits for the answer)',
        description:
          'The claim moves to information_requested and the member is told; their answer takes it back to review ' +
          'and is announced by the `claim.information_answered` webhook. 409 when the claim is not submitted or in ' +
          'review (e.g. a request is already open).',
        tags,
        body: PartnerInformationRequestRequest,
        response: { 200: InformationRequestResponse, ...errors },
      },
    },
    async (request) => {
      const identity = requirePartner(request);
      return requestPartnerClaimInformation(app, identity, request.body, partnerAuditContext(identity, request.ip));
    },
  );
};
