import {
  CreateTemplateRequest,
  ErrorResponse,
  IdParams,
  MessageResponse,
  TemplateFormResponse,
  TemplateListQuery,
  TemplateListResponse,
  TemplatePreviewRequest,
  TemplatePreviewResponse,
  TemplateResponse,
  UpdateTemplateRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { perIp } from '../../platform/http/rate-limit.js';
import { registerAuditTrailRoute } from '../audits/index.js';
import { previewTemplate } from './template-preview.service.js';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  templateForm,
  updateTemplate,
} from './templates.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const tags = ['templates'];
const read = { access: { area: 'admin', permission: 'templates.read' } } as const;
const write = { access: { area: 'admin', permission: 'templates.write' } } as const;

/** Templates in Liquid (spec 7 `templates*`, issue 7): CRUD, the editor form's data, the audit trail. */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/templates',
    {
      config: read,
      schema: {
        operationId: 'listTemplates',
        summary: 'Templates: filter[kind], filter[key]; q searches name, key and subject',
        tags,
        querystring: TemplateListQuery,
        response: { 200: TemplateListResponse, ...errors },
      },
    },
    async (request) => listTemplates(app.db, request.query),
  );

  app.post(
    '/templates/preview',
    {
      config: { ...read, throttle: perIp(120, '1 minute') },
      schema: {
        operationId: 'previewTemplate',
        summary: 'Render a template as typed, with sample data (nothing is stored)',
        description:
          "The editor's live preview (issue 19): HTML kinds sanitized as messages are, SMS as plain text. 422 with " +
          '`errors.subject` / `errors.body` as "Line L, column C: ..." for a broken template.',
        tags,
        body: TemplatePreviewRequest,
        response: { 200: TemplatePreviewResponse, ...errors, 429: ErrorResponse },
      },
    },
    async (request) => previewTemplate(request.body),
  );

  app.get(
    '/templates/create',
    {
      config: read,
      schema: {
        operationId: 'getTemplateCreateForm',
        summary: 'What a new-template form needs: kinds, variables per kind, built-in messages',
        tags,
        response: { 200: TemplateFormResponse, ...errors },
      },
    },
    async () => templateForm(null),
  );

  app.post(
    '/templates',
    {
      config: write,
      schema: {
        operationId: 'createTemplate',
        summary: 'Create a template; Liquid errors are 422 with line and column',
        tags,
        body: CreateTemplateRequest,
        response: { 201: TemplateResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTemplate(app.db, request.body, auditContext(request))),
  );

  app.get(
    '/templates/:id',
    {
      config: read,
      schema: {
        operationId: 'getTemplate',
        summary: 'One template',
        tags,
        params: IdParams,
        response: { 200: TemplateResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => getTemplate(app.db, request.params.id),
  );

  app.get(
    '/templates/:id/edit',
    {
      config: read,
      schema: {
        operationId: 'getTemplateEditForm',
        summary: 'What the edit form needs: the template, kinds, variables per kind, built-in messages',
        tags,
        params: IdParams,
        response: { 200: TemplateFormResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => templateForm(await getTemplate(app.db, request.params.id)),
  );

  app.patch(
    '/templates/:id',
    {
      config: write,
      schema: {
        operationId: 'updateTemplate',
        summary: 'Change a template; Liquid errors are 422 with line and column',
        tags,
        params: IdParams,
        body: UpdateTemplateRequest,
        response: { 200: TemplateResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => updateTemplate(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/templates/:id',
    {
      config: write,
      schema: {
        operationId: 'deleteTemplate',
        summary: 'Delete a template (a message it replaced goes back to its built-in text)',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      await deleteTemplate(app.db, request.params.id, auditContext(request));
      return { message: 'The template was deleted.' };
    },
  );

  registerAuditTrailRoute(app, {
    operationId: 'listTemplateAudits',
    path: '/templates/:id/audits',
    entityType: 'templates',
    tag: 'templates',
  });
};
