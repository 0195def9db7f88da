import { ErrorResponse, IdParams } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireBeneficiary } from '../../platform/auth/route-access.js';
import { sendDownload } from '../../platform/http/download.js';
import { perIp } from '../../platform/http/rate-limit.js';
import { benefitStatementForMember } from './statements.service.js';

/** The member's download of their benefit statement from the claim-details page (issue 18). */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/benefit-claims/:id/statement',
    {
      config: { access: { area: 'beneficiary' }, throttle: perIp(60, '1 hour') },
      schema: {
        operationId: 'getMyBenefitStatement',
        summary: 'The benefit statement as a PDF ({id}: the benefit), as staff see it',
        description: '403 before the identity check passed; 404 for a benefit that is not the member’s.',
        tags: ['benefit claims'],
        params: IdParams,
        produces: ['application/pdf'],
        response: {
          200: z.any().describe('The PDF'),
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const pdf = await benefitStatementForMember(
        { db: app.db, issuer: app.config.invoiceSupplier },
        requireBeneficiary(request).personUserId,
        request.params.id,
      );
      return sendDownload(reply, {
        contentType: 'application/pdf',
        fileName: `benefit-statement-${request.params.id}.pdf`,
        content: pdf,
      });
    },
  );
};
