import { BenefitSearchQuery, BenefitSearchResponse, ErrorResponse } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perIp } from '../../platform/http/rate-limit.js';
import { countUnclaimedBenefits } from './benefits.service.js';

/** Benefits for members (spec 7 `benefits/*`). */
export const benefitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/benefits/idNumber',
    {
      config: { access: 'public', rateLimit: perIp(app.config.benefitSearchLimitPerHour, '1 hour') },
      schema: {
        summary: 'Anonymous search: how many unclaimed benefits wait for an SA ID number',
        description:
          'The ID number is checked (13 digits, date, citizenship digit, check digit) before any lookup (422). ' +
          'The answer is only a count, in the same shape whether or not there is a match. Throttled per IP.',
        tags: ['benefits'],
        querystring: BenefitSearchQuery,
        response: { 200: BenefitSearchResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => ({ totalBenefits: await countUnclaimedBenefits(app.db, request.query.idNumber) }),
  );
};
