import {
  ErrorResponse,
  IdParams,
  ProcessStepKindListResponse,
  ProcessStepListResponse,
  SetProcessStepsRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import {
  listFundProcessSteps,
  listProcessStepKinds,
  resetFundProcessSteps,
  setFundProcessSteps,
} from './process-steps.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const tags = ['funds'];
const read = { access: { area: 'admin', permission: 'process-steps.read' } } as const;
const write = { access: { area: 'admin', permission: 'process-steps.write' } } as const;

/** A fund's claim checklist (spec 7 `funds/{id}/process-steps*`, issue 8 "Process steps"). */
export const processStepRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/funds/:id/process-steps',
    {
      config: read,
      schema: {
        operationId: 'listFundProcessSteps',
        summary: "The fund's claim checklist in order (the default when it has set none)",
        tags,
        params: IdParams,
        response: { 200: ProcessStepListResponse, ...errors },
      },
    },
    async (request) => listFundProcessSteps(app.db, request.params.id),
  );

  app.post(
    '/funds/:id/process-steps',
    {
      config: write,
      schema: {
        operationId: 'setProcessSteps',
        summary: "Set the fund's whole checklist in order; claims already submitted keep theirs",
        tags,
        params: IdParams,
        body: SetProcessStepsRequest,
        response: { 200: ProcessStepListResponse, ...errors },
      },
    },
    async (request) => setFundProcessSteps(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/funds/:id/process-steps',
    {
      config: write,
      schema: {
        operationId: 'deleteFundProcessSteps',
        summary: "Remove the fund's own checklist: it uses the default again",
        tags,
        params: IdParams,
        response: { 200: ProcessStepListResponse, ...errors },
      },
    },
    async (request) => resetFundProcessSteps(app.db, request.params.id, auditContext(request)),
  );

  app.get(
    '/funds/:id/process-steps/steps',
    {
      config: read,
      schema: {
        operationId: 'listProcessStepKinds',
        summary: 'The kinds of step a checklist can have, and who records each',
        tags,
        params: IdParams,
        response: { 200: ProcessStepKindListResponse, ...errors },
      },
    },
    async () => listProcessStepKinds(),
  );
};
