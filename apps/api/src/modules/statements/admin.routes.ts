import { ErrorResponse, IdParams } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { sendDownload } from '../../platform/http/download.js';
import { benefitStatementForStaff } from './statements.service.js';

/** Staff download of a benefit statement (spec 7 `GET /api/v1/benefits/{id}/statement`; issue 18). */
export const adminStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/benefits/:id/statement',
    {
      config: { access: { area: 'admin', permission: 'claims.read' } },
      schema: {
        operationId: 'getBenefitStatement',
        summary: 'The benefit statement as a PDF (audited)',
        description:
          'Fund and FSCA number, administrator, member (ID masked), benefit type, gross amount, each fee with VAT, net payout, claim status and dates, documents received, how to complain.',
        tags: ['staff review'],
        params: IdParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF'), 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const pdf = await benefitStatementForStaff(
        { db: app.db, issuer: app.config.invoiceSupplier },
        request.params.id,
        auditContext(request),
      );
      return sendDownload(reply, {
        contentType: 'application/pdf',
        fileName: `benefit-statement-${request.params.id}.pdf`,
        content: pdf,
      });
    },
  );
};
