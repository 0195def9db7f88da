import { BankListResponse, ErrorResponse, wholeList } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listActiveBanks } from './banks.service.js';

/** Banks for the back office (spec 7 `GET banks`, issue 8): the same list members choose from. */
export const adminBankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/banks',
    {
      config: { access: { area: 'admin', permission: 'banks.read' } },
      schema: {
        operationId: 'listBanks',
        summary: 'South African banks with their universal branch codes (all on one page)',
        tags: ['reference data'],
        response: { 200: BankListResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async () => wholeList(await listActiveBanks(app.db)),
  );
};
