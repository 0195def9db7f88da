import {
  CLAIM_DOCUMENT_LIMITS,
  CLAIM_MESSAGES,
  ClaimDocumentParams,
  ClaimDocumentQuery,
  ClaimDraftRequest,
  ClaimResponse,
  ClaimSubmitHeaders,
  ClaimSubmitRequest,
  ErrorResponse,
  IdParams,
  InformationAnswerRequest,
} from '@bcp/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBeneficiary } from '../../platform/auth/route-access.js';
import { AppError } from '../../platform/errors/app-error.js';
import { runIdempotent } from '../../platform/http/idempotency.js';
import { perIp } from '../../platform/http/rate-limit.js';
import { answerClaimInformation, getBenefitClaim, saveClaimDraft, submitClaim } from './benefit-claims.service.js';
import { addClaimDocument, removeClaimDocument } from './claim-documents.service.js';

const tags = ['benefit claims'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const member = { access: { area: 'beneficiary' as const } };

/** Room for the multipart boundaries and part headers around one document (bytes). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * A member's claims (spec 7 `benefit-claims/{id}`, `benefit-claims/{id}/claim`; issue 4). `{id}` is
 * always the benefit's id: a benefit has at most one open claim. Every call needs the sign-in PIN
 * and a passed identity check (403), and only reaches the member's own benefits (404).
 */
export const benefitClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // One byte over the limit reaches the store, which refuses it (413); exactly 10 MB is accepted.
    limits: { fileSize: CLAIM_DOCUMENT_LIMITS.maxBytes + 1, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/benefit-claims/:id',
    {
      config: member,
      schema: {
        operationId: 'getMyBenefitClaim',
        summary: "The benefit's claim: steps, bank account (masked), documents, payout and timeline",
        tags,
        params: IdParams,
        response: { 200: ClaimResponse, ...errors },
      },
    },
    async (request) => getBenefitClaim(app.db, requireBeneficiary(request).personUserId, request.params.id),
  );

  app.post(
    '/benefit-claims/:id',
    {
      config: member,
      schema: {
        operationId: 'saveMyBenefitClaim',
        summary: "Start the benefit's claim (a draft), or record the steps done",
        description:
          'Idempotent start: parallel calls make one claim. Each field is optional; `true` marks a step done. ' +
          '409 once the claim was submitted (if the call changes anything) or the benefit was paid.',
        tags,
        params: IdParams,
        body: ClaimDraftRequest,
        response: { 200: ClaimResponse, ...errors },
      },
    },
    async (request) =>
      saveClaimDraft(app.db, requireBeneficiary(request).personUserId, request.params.id, request.body),
  );

  app.post(
    '/benefit-claims/:id/claim',
    {
      config: member,
      schema: {
        operationId: 'submitMyBenefitClaim',
        summary: 'Submit the claim (draft -> submitted)',
        description:
          "Every step must be done (422 lists what is missing) and `netAmountCents` must be today's payout (409 " +
          'otherwise). With an `Idempotency-Key` header a replay within 24 hours gets the first answer; the same key ' +
          'with a different body is 422.',
        tags,
        params: IdParams,
        headers: ClaimSubmitHeaders,
        body: ClaimSubmitRequest,
        response: { 200: ClaimResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { personUserId } = requireBeneficiary(request);
      const answer = await runIdempotent(
        app.db,
        {
          scope: 'benefit-claims.submit',
          owner: `person_user:${personUserId}`,
          key: request.headers['idempotency-key'],
          request: { benefitId: request.params.id, body: request.body },
        },
        async () => ({ status: 200, body: await submitClaim(app, personUserId, request.params.id, request.body) }),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/benefit-claims/:id/documents',
    {
      // The file and the multipart framing around it; a larger declared body is refused at once.
      bodyLimit: CLAIM_DOCUMENT_LIMITS.maxBytes + MULTIPART_OVERHEAD_BYTES,
      config: { ...member, throttle: perIp(60, '1 hour') },
      schema: {
        operationId: 'uploadMyClaimDocument',
        summary: 'Upload a document for the draft claim, or the one a request for more information asks for',
        description:
          'PDF, JPEG or PNG, checked by the content itself (415 otherwise), at most 10 MB (413). A new document of a ' +
          'kind replaces the earlier one. Files are stored under generated names and never served publicly. On a ' +
          'claim in information_requested, only the document asked for (422 `kind` otherwise); it answers the request ' +
          'and the claim goes back to review.',
        tags,
        consumes: ['multipart/form-data'],
        params: IdParams,
        querystring: ClaimDocumentQuery,
        response: { 201: ClaimResponse, 413: ErrorResponse, 415: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { personUserId } = requireBeneficiary(request);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', CLAIM_MESSAGES.documentMissing);
      const file = await request.file();
      if (!file) {
        throw new AppError(
          'validation',
          CLAIM_MESSAGES.documentMissing,
          { file: [CLAIM_MESSAGES.documentMissing] },
          {
            code: 'document_missing',
          },
        );
      }
      const claim = await addClaimDocument(
        { db: app.db, files: app.files, jobs: app.jobs },
        personUserId,
        request.params.id,
        request.query.kind,
        { fileName: file.filename, content: file.file },
      );
      return reply.status(201).send(claim);
    },
  );

  app.post(
    '/benefit-claims/:id/information',
    {
      config: { ...member, throttle: perIp(30, '1 hour') },
      schema: {
        operationId: 'answerMyClaimInformationRequest',
        summary: 'Answer a request for a correction in words; the claim goes back to review',
        description:
          '409 when nothing is asked of the member. A request for a document is answered by uploading it ' +
          '(`POST benefit-claims/{id}/documents?kind=`; 422 `answer` here).',
        tags,
        params: IdParams,
        body: InformationAnswerRequest,
        response: { 200: ClaimResponse, ...errors },
      },
    },
    async (request) =>
      answerClaimInformation(app, requireBeneficiary(request).personUserId, request.params.id, request.body),
  );

  app.delete(
    '/benefit-claims/:id/documents/:documentId',
    {
      config: member,
      schema: {
        operationId: 'deleteMyClaimDocument',
        summary: 'Remove a document from the draft claim',
        tags,
        params: ClaimDocumentParams,
        response: { 200: ClaimResponse, ...errors },
      },
    },
    async (request) =>
      removeClaimDocument(
        { db: app.db, files: app.files },
        requireBeneficiary(request).personUserId,
        request.params.id,
        request.params.documentId,
      ),
  );
};
