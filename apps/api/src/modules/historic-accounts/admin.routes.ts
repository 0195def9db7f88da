import { ErrorResponse, HistoricAccountListQuery, HistoricAccountListResponse } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listHistoricAccounts } from './historic-accounts.service.js';

/** Bank accounts recorded for persons (spec 7 `GET historic-accounts`, issue 8), read-only. */
export const historicAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/historic-accounts',
    {
      config: { access: { area: 'admin', permission: 'historic-accounts.read' } },
      schema: {
        operationId: 'listHistoricAccounts',
        summary: 'Bank accounts recorded for persons (numbers masked); filters by person, bank, type, last 4 digits',
        tags: ['reference data'],
        querystring: HistoricAccountListQuery,
        response: { 200: HistoricAccountListResponse, 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => listHistoricAccounts(app.db, request.query),
  );
};
