import {
  CreateFaqRequest,
  ErrorResponse,
  FaqFundListResponse,
  FaqListQuery,
  FaqListResponse,
  FaqResponse,
  IdParams,
  MessageResponse,
  UpdateFaqRequest,
  wholeList,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { registerAuditTrailRoute } from '../audits/index.js';
import { createFaq, deleteFaq, getFaq, listFaqFunds, listFaqs, updateFaq } from './faqs.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const tags = ['faqs'];
const read = { access: { area: 'admin', permission: 'faqs.read' } } as const;
const write = { access: { area: 'admin', permission: 'faqs.write' } } as const;

/** FAQs for staff (spec 7 `faq*`, issue 7): CRUD, the funds each applies to, the audit trail. */
export const faqAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/faq',
    {
      config: read,
      schema: {
        operationId: 'listFaqs',
        summary: 'FAQs: filter[published], filter[fundId] (that fund and general FAQs); q searches question and answer',
        tags,
        querystring: FaqListQuery,
        response: { 200: FaqListResponse, ...errors },
      },
    },
    async (request) => listFaqs(app.db, request.query),
  );

  app.post(
    '/faq',
    {
      config: write,
      schema: {
        operationId: 'createFaq',
        summary: 'Create an FAQ; the answer is Liquid (422 with line and column); no fundIds: every fund',
        tags,
        body: CreateFaqRequest,
        response: { 201: FaqResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createFaq(app.db, request.body, auditContext(request))),
  );

  app.get(
    '/faq/:id',
    {
      config: read,
      schema: {
        operationId: 'getFaq',
        summary: 'One FAQ with the ids of its funds',
        tags,
        params: IdParams,
        response: { 200: FaqResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => getFaq(app.db, request.params.id),
  );

  app.patch(
    '/faq/:id',
    {
      config: write,
      schema: {
        operationId: 'updateFaq',
        summary: 'Change an FAQ; fundIds replaces its funds',
        tags,
        params: IdParams,
        body: UpdateFaqRequest,
        response: { 200: FaqResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => updateFaq(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/faq/:id',
    {
      config: write,
      schema: {
        operationId: 'deleteFaq',
        summary: 'Delete an FAQ',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      await deleteFaq(app.db, request.params.id, auditContext(request));
      return { message: 'The FAQ was deleted.' };
    },
  );

  app.get(
    '/faq/:id/funds',
    {
      config: read,
      schema: {
        operationId: 'listFaqFunds',
        summary: 'The funds an FAQ applies to (empty: every fund)',
        tags,
        params: IdParams,
        response: { 200: FaqFundListResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => wholeList(await listFaqFunds(app.db, request.params.id)),
  );

  registerAuditTrailRoute(app, {
    operationId: 'listFaqAudits',
    path: '/faq/:id/audits',
    entityType: 'faqs',
    tag: 'faqs',
  });
};
