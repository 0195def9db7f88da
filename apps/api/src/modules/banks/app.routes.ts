import { BankListResponse, ErrorResponse, wholeList } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listActiveBanks } from './banks.service.js';

/** Banks for members choosing where to be paid (issue 4 "Bank account"). */
export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/banks',
    {
      config: { access: { area: 'beneficiary' } },
      schema: {
        operationId: 'listBanksForMembers',
        summary: 'South African banks with their universal branch codes',
        tags: ['bank accounts'],
        response: { 200: BankListResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async () => wholeList(await listActiveBanks(app.db)),
  );
};
