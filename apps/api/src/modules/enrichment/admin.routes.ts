import {
  EnrichmentRecordListQuery,
  EnrichmentRecordListResponse,
  EnrichmentRunListQuery,
  EnrichmentRunListResponse,
  EnrichmentRunParams,
  EnrichmentRunResponse,
  EnrichmentStepKindListResponse,
  EnrichmentStepListResponse,
  ErrorResponse,
  IdParams,
  RerunEnrichmentRequest,
  SetEnrichmentStepsRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { requireStaff } from '../../platform/auth/route-access.js';
import { listEnrichmentRecords } from './enrichment-records.service.js';
import { getEnrichmentRun, listEnrichmentRuns, rerunEnrichment } from './enrichment-runs.service.js';
import {
  listEnrichmentStepKinds,
  listFundEnrichmentSteps,
  resetFundEnrichmentSteps,
  setFundEnrichmentSteps,
} from './enrichment-steps.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const tags = ['enrichment'];
const read = { access: { area: 'admin', permission: 'enrichment.read' } } as const;
const write = { access: { area: 'admin', permission: 'enrichment.write' } } as const;
const run = { access: { area: 'admin', permission: 'enrichment.run' } } as const;

/** A fund's enrichment steps, their look-ups and runs (spec 7 `funds/{id}/enrichment-steps*`, `file-uploads/enrichments`; issue 17). */
export const enrichmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/funds/:id/enrichment-steps',
    {
      config: read,
      schema: {
        operationId: 'listFundEnrichmentSteps',
        summary: "The fund's enrichment steps in order (the default when it has set none)",
        tags,
        params: IdParams,
        response: { 200: EnrichmentStepListResponse, ...errors },
      },
    },
    async (request) => listFundEnrichmentSteps(app.db, request.params.id),
  );

  app.post(
    '/funds/:id/enrichment-steps',
    {
      config: write,
      schema: {
        operationId: 'setEnrichmentSteps',
        summary: "Set the fund's whole list of enrichment steps in order",
        tags,
        params: IdParams,
        body: SetEnrichmentStepsRequest,
        response: { 200: EnrichmentStepListResponse, ...errors },
      },
    },
    async (request) => setFundEnrichmentSteps(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/funds/:id/enrichment-steps',
    {
      config: write,
      schema: {
        operationId: 'deleteFundEnrichmentSteps',
        summary: "Remove the fund's own list: it uses the default steps again",
        tags,
        params: IdParams,
        response: { 200: EnrichmentStepListResponse, ...errors },
      },
    },
    async (request) => resetFundEnrichmentSteps(app.db, request.params.id, auditContext(request)),
  );

  app.get(
    '/funds/:id/enrichment-steps/steps',
    {
      config: read,
      schema: {
        operationId: 'listEnrichmentStepKinds',
        summary:
          'The kinds of step: what each needs, what one look-up costs (cents), how long results are reused, the provider',
        tags,
        params: IdParams,
        response: { 200: EnrichmentStepKindListResponse, ...errors },
      },
    },
    async () => listEnrichmentStepKinds(app.stepProviders, app.config.enrichment),
  );

  app.get(
    '/funds/:id/enrichment-steps/records',
    {
      config: read,
      schema: {
        operationId: 'listEnrichmentRecords',
        summary:
          "Each look-up of the fund's persons: filter[step], filter[status], filter[result], filter[personId]; q: surname",
        tags,
        params: IdParams,
        querystring: EnrichmentRecordListQuery,
        response: { 200: EnrichmentRecordListResponse, ...errors },
      },
    },
    async (request) => listEnrichmentRecords(app.db, request.params.id, request.query),
  );

  app.post(
    '/funds/:id/enrichment-steps/rerun',
    {
      config: run,
      schema: {
        operationId: 'rerunFundEnrichmentSteps',
        summary: 'Look a step up again now for all persons, those that failed, or selected ones (a job)',
        description:
          '202 with the run; its progress is GET funds/{id}/enrichment-steps/runs/{runId}. 409 for a step the fund does not run.',
        tags,
        params: IdParams,
        body: RerunEnrichmentRequest,
        response: { 202: EnrichmentRunResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const started = await rerunEnrichment({ db: app.db, jobs: app.jobs }, request.params.id, request.body, {
        ...auditContext(request),
        userId: requireStaff(request).userId,
      });
      return reply.status(202).send(started);
    },
  );

  app.get(
    '/funds/:id/enrichment-steps/runs/:runId',
    {
      config: read,
      schema: {
        operationId: 'getEnrichmentRun',
        summary: 'One enrichment run of the fund and its progress (done of total, reused, failed, cost)',
        tags,
        params: EnrichmentRunParams,
        response: { 200: EnrichmentRunResponse, ...errors },
      },
    },
    async (request) => getEnrichmentRun(app.db, request.params.id, request.params.runId),
  );

  app.get(
    '/file-uploads/enrichments',
    {
      config: read,
      schema: {
        operationId: 'listEnrichmentRuns',
        summary:
          'Enrichment runs (after member files were accepted, and reruns): filter[fundId], filter[fileUploadId], filter[status]',
        tags: ['file uploads', ...tags],
        querystring: EnrichmentRunListQuery,
        response: { 200: EnrichmentRunListResponse, ...errors },
      },
    },
    async (request) => listEnrichmentRuns(app.db, request.query),
  );
};
