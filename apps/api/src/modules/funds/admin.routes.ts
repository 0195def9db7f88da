import {
  CreateFeeRequest,
  CreateFundRequest,
  ErrorResponse,
  FeeListResponse,
  FeeParams,
  FeeResponse,
  FundListQuery,
  FundListResponse,
  FundResponse,
  FundTagListResponse,
  IdParams,
  MessageResponse,
  UpdateFeeRequest,
  UpdateFundRequest,
  wholeList,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { createFundFee, deleteFundFee, listFundFees, updateFundFee } from './fund-fees.service.js';
import { createFund, deleteFund, getFund, listFunds, listFundTags, updateFund } from './funds.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const missing = { 404: ErrorResponse };
const tags = ['funds'];
const read = { access: { area: 'admin', permission: 'funds.read' } } as const;
const write = { access: { area: 'admin', permission: 'funds.write' } } as const;
const feesRead = { access: { area: 'admin', permission: 'fees.read' } } as const;
const feesWrite = { access: { area: 'admin', permission: 'fees.write' } } as const;

/** Funds and their fees (spec 7 `funds*`, `funds/{id}/fees`, `fees/{feeId}`; issue 8). */
export const fundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/funds',
    {
      config: read,
      schema: {
        operationId: 'listFunds',
        summary: 'Funds: filter[status], filter[fundTypeId], filter[administratorPartnerId], filter[tag]; q searches',
        tags,
        querystring: FundListQuery,
        response: { 200: FundListResponse, ...errors },
      },
    },
    async (request) => listFunds(app.db, request.query),
  );

  app.get(
    '/funds/get/tags',
    {
      config: read,
      schema: {
        operationId: 'listFundTags',
        summary: 'Every tag in use on a fund, sorted (for filters)',
        tags,
        response: { 200: FundTagListResponse, ...errors },
      },
    },
    async () => wholeList(await listFundTags(app.db)),
  );

  app.post(
    '/funds',
    {
      config: write,
      schema: {
        operationId: 'createFund',
        summary: 'Create a fund',
        tags,
        body: CreateFundRequest,
        response: { 201: FundResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createFund(app.db, request.body, auditContext(request))),
  );

  app.get(
    '/funds/:id',
    {
      config: read,
      schema: {
        operationId: 'getFund',
        summary: 'One fund',
        tags,
        params: IdParams,
        response: { 200: FundResponse, ...missing, ...errors },
      },
    },
    async (request) => getFund(app.db, request.params.id),
  );

  app.patch(
    '/funds/:id',
    {
      config: write,
      schema: {
        operationId: 'updateFund',
        summary: "Change a fund (status 'archived' archives it); null clears an optional field",
        tags,
        params: IdParams,
        body: UpdateFundRequest,
        response: { 200: FundResponse, ...missing, ...errors },
      },
    },
    async (request) => updateFund(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/funds/:id',
    {
      config: write,
      schema: {
        operationId: 'deleteFund',
        summary: 'Delete a fund without benefits or member files (409 otherwise: archive it)',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, 409: ErrorResponse, ...missing, ...errors },
      },
    },
    async (request) => {
      await deleteFund(app.db, request.params.id, auditContext(request));
      return { message: 'The fund was deleted.' };
    },
  );

  app.get(
    '/funds/:id/fees',
    {
      config: feesRead,
      schema: {
        operationId: 'listFundFees',
        summary: "The fund's fees, oldest first, each marked whether it applies today",
        tags,
        params: IdParams,
        response: { 200: FeeListResponse, ...missing, ...errors },
      },
    },
    async (request) => wholeList(await listFundFees(app.db, request.params.id)),
  );

  app.post(
    '/funds/:id/fees',
    {
      config: feesWrite,
      schema: {
        operationId: 'createFundFee',
        summary: 'Add a fee: percentage (basis points) or fixed (cents), VAT, effective dates',
        tags,
        params: IdParams,
        body: CreateFeeRequest,
        response: { 201: FeeResponse, ...missing, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createFundFee(app.db, request.params.id, request.body, auditContext(request))),
  );

  app.patch(
    '/fees/:feeId',
    {
      config: feesWrite,
      schema: {
        operationId: 'updateFee',
        summary: 'Change a fee; submitted claims keep the payout they accepted',
        tags,
        params: FeeParams,
        body: UpdateFeeRequest,
        response: { 200: FeeResponse, ...missing, ...errors },
      },
    },
    async (request) => updateFundFee(app.db, request.params.feeId, request.body, auditContext(request)),
  );

  app.delete(
    '/fees/:feeId',
    {
      config: feesWrite,
      schema: {
        operationId: 'deleteFee',
        summary: 'Delete a fee (to stop it from a date and keep it, set effectiveTo)',
        tags,
        params: FeeParams,
        response: { 200: MessageResponse, ...missing, ...errors },
      },
    },
    async (request) => {
      await deleteFundFee(app.db, request.params.feeId, auditContext(request));
      return { message: 'The fee was deleted.' };
    },
  );
};
