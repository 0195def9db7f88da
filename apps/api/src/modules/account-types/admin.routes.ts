import {
  AccountTypeListQuery,
  AccountTypeListResponse,
  AccountTypeResponse,
  CreateAccountTypeRequest,
  ErrorResponse,
  FormMetadataResponse,
  IdParams,
  MessageResponse,
  UpdateAccountTypeRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { registerAuditTrailRoute } from '../audits/index.js';
import {
  accountTypeForm,
  createAccountType,
  deleteAccountType,
  getAccountType,
  listAccountTypes,
  updateAccountType,
} from './account-types.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const missing = { 404: ErrorResponse };
const tags = ['reference data'];
const read = { access: { area: 'admin', permission: 'account-types.read' } } as const;
const write = { access: { area: 'admin', permission: 'account-types.write' } } as const;

/** Bank account types (spec 7 `account_types*`, issue 8 "Reference lists"). */
export const accountTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account_types',
    {
      config: read,
      schema: {
        operationId: 'listAccountTypes',
        summary: 'Account types: filter[active]; q searches code and label',
        tags,
        querystring: AccountTypeListQuery,
        response: { 200: AccountTypeListResponse, ...errors },
      },
    },
    async (request) => listAccountTypes(app.db, request.query),
  );

  app.get(
    '/account_types/create',
    {
      config: write,
      schema: {
        operationId: 'getAccountTypeCreateForm',
        summary: 'The create form',
        tags,
        response: { 200: FormMetadataResponse, ...errors },
      },
    },
    async () => accountTypeForm(app.db),
  );

  app.post(
    '/account_types',
    {
      config: write,
      schema: {
        operationId: 'createAccountType',
        summary: 'Create an account type',
        tags,
        body: CreateAccountTypeRequest,
        response: { 201: AccountTypeResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAccountType(app.db, request.body, auditContext(request))),
  );

  app.get(
    '/account_types/:id',
    {
      config: read,
      schema: {
        operationId: 'getAccountType',
        summary: 'One account type',
        tags,
        params: IdParams,
        response: { 200: AccountTypeResponse, ...missing, ...errors },
      },
    },
    async (request) => getAccountType(app.db, request.params.id),
  );

  app.get(
    '/account_types/:id/edit',
    {
      config: write,
      schema: {
        operationId: 'getAccountTypeEditForm',
        summary: 'The edit form with the account type’s values (the code is read-only)',
        tags,
        params: IdParams,
        response: { 200: FormMetadataResponse, ...missing, ...errors },
      },
    },
    async (request) => accountTypeForm(app.db, request.params.id),
  );

  app.patch(
    '/account_types/:id',
    {
      config: write,
      schema: {
        operationId: 'updateAccountType',
        summary: 'Change the label or active flag',
        tags,
        params: IdParams,
        body: UpdateAccountTypeRequest,
        response: { 200: AccountTypeResponse, ...missing, ...errors },
      },
    },
    async (request) => updateAccountType(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/account_types/:id',
    {
      config: write,
      schema: {
        operationId: 'deleteAccountType',
        summary: 'Delete an account type nobody uses (built-in ones: deactivate instead)',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, 409: ErrorResponse, ...missing, ...errors },
      },
    },
    async (request) => {
      await deleteAccountType(app.db, request.params.id, auditContext(request));
      return { message: 'The account type was deleted.' };
    },
  );

  registerAuditTrailRoute(app, {
    operationId: 'listAccountTypeAudits',
    path: '/account_types/:id/audits',
    entityType: 'account-types',
    tag: 'reference data',
  });
};
