import {
  ApiKeyListResponse,
  ApiKeyParams,
  ApiKeyResponse,
  CreateApiKeyRequest,
  CreatedApiKeyResponse,
  CreatePartnerRequest,
  ErrorResponse,
  FormMetadataResponse,
  IdParams,
  MessageResponse,
  PartnerListQuery,
  PartnerListResponse,
  PartnerResponse,
  UpdatePartnerRequest,
  wholeList,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './partner-api-keys.service.js';
import {
  createPartner,
  deletePartner,
  getPartner,
  listPartners,
  partnerForm,
  updatePartner,
} from './partners.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const missing = { 404: ErrorResponse };
const tags = ['partners'];
const read = { access: { area: 'admin', permission: 'partners.read' } } as const;
const write = { access: { area: 'admin', permission: 'partners.write' } } as const;
const keys = { access: { area: 'admin', permission: 'partners.keys' } } as const;

/** Tracing partners and fund administrators, and their partner API keys (spec 7 `partners*`, issue 8). */
export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partners',
    {
      config: read,
      schema: {
        operationId: 'listPartners',
        summary: 'Partners: filter[kind], filter[active], filter[fundId]; q searches name and contact',
        tags,
        querystring: PartnerListQuery,
        response: { 200: PartnerListResponse, ...errors },
      },
    },
    async (request) => listPartners(app.db, request.query),
  );

  app.get(
    '/partners/create',
    {
      config: write,
      schema: {
        operationId: 'getPartnerCreateForm',
        summary: 'The create form: fields, kinds and funds to choose from, defaults',
        tags,
        response: { 200: FormMetadataResponse, ...errors },
      },
    },
    async () => partnerForm(app.db),
  );

  app.post(
    '/partners',
    {
      config: write,
      schema: {
        operationId: 'createPartner',
        summary: 'Create a partner with the funds it serves',
        tags,
        body: CreatePartnerRequest,
        response: { 201: PartnerResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPartner(app.db, request.body, auditContext(request))),
  );

  app.get(
    '/partners/:id',
    {
      config: read,
      schema: {
        operationId: 'getPartner',
        summary: 'One partner',
        tags,
        params: IdParams,
        response: { 200: PartnerResponse, ...missing, ...errors },
      },
    },
    async (request) => getPartner(app.db, request.params.id),
  );

  app.get(
    '/partners/:id/edit',
    {
      config: write,
      schema: {
        operationId: 'getPartnerEditForm',
        summary: "The edit form: fields with choices, and the partner's values",
        tags,
        params: IdParams,
        response: { 200: FormMetadataResponse, ...missing, ...errors },
      },
    },
    async (request) => partnerForm(app.db, request.params.id),
  );

  app.patch(
    '/partners/:id',
    {
      config: write,
      schema: {
        operationId: 'updatePartner',
        summary: 'Change a partner; fundIds replaces the funds it serves',
        tags,
        params: IdParams,
        body: UpdatePartnerRequest,
        response: { 200: PartnerResponse, ...missing, ...errors },
      },
    },
    async (request) => updatePartner(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/partners/:id',
    {
      config: write,
      schema: {
        operationId: 'deletePartner',
        summary: 'Delete a partner (revokes its keys); refused while it administers a fund',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, 409: ErrorResponse, ...missing, ...errors },
      },
    },
    async (request) => {
      await deletePartner(app.db, request.params.id, auditContext(request));
      return { message: 'The partner was deleted and its API keys revoked.' };
    },
  );

  app.get(
    '/partners/:id/api-keys',
    {
      config: read,
      schema: {
        operationId: 'listPartnerApiKeys',
        summary: "A partner's API keys, newest first (prefix only, never the key)",
        tags,
        params: IdParams,
        response: { 200: ApiKeyListResponse, ...missing, ...errors },
      },
    },
    async (request) => wholeList(await listApiKeys(app.db, request.params.id)),
  );

  app.post(
    '/partners/:id/api-keys',
    {
      config: keys,
      schema: {
        operationId: 'createPartnerApiKey',
        summary: 'Create an API key for the partner API: the answer shows the key once',
        tags,
        params: IdParams,
        body: CreateApiKeyRequest,
        response: { 201: CreatedApiKeyResponse, 409: ErrorResponse, ...missing, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await createApiKey(app.db, request.params.id, request.body, auditContext(request))),
  );

  app.post(
    '/partners/:id/api-keys/:keyId/rotate',
    {
      config: keys,
      schema: {
        operationId: 'rotatePartnerApiKey',
        summary: 'Rotate a key: revokes it and answers its replacement, shown once',
        tags,
        params: ApiKeyParams,
        response: { 201: CreatedApiKeyResponse, 409: ErrorResponse, ...missing, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await rotateApiKey(app.db, request.params.id, request.params.keyId, auditContext(request))),
  );

  app.delete(
    '/partners/:id/api-keys/:keyId',
    {
      config: keys,
      schema: {
        operationId: 'deletePartnerApiKey',
        summary: 'Revoke a key: refused from the next request on',
        tags,
        params: ApiKeyParams,
        response: { 200: ApiKeyResponse, 409: ErrorResponse, ...missing, ...errors },
      },
    },
    async (request) => revokeApiKey(app.db, request.params.id, request.params.keyId, auditContext(request)),
  );
};
