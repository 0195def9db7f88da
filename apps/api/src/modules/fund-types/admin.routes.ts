import { ErrorResponse, FundTypeListResponse, wholeList } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listFundTypes } from './fund-types.service.js';

/** Fund types (spec 7 `GET fund_types`, issue 8 "Reference lists"). */
export const fundTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fund_types',
    {
      config: { access: { area: 'admin', permission: 'fund-types.read' } },
      schema: {
        operationId: 'listFundTypes',
        summary: 'Kinds of retirement fund (reference data, all on one page)',
        tags: ['reference data'],
        response: { 200: FundTypeListResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async () => wholeList(await listFundTypes(app.db)),
  );
};
