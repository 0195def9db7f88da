import { FaqEntryListResponse, FaqFundsQuery, FaqParamsListResponse, FaqParamsQuery, wholeList } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findBeneficiary } from '../../platform/auth/route-access.js';
import { OPTIONAL_MEMBER_SESSION } from '../../platform/http/openapi.js';
import { faqTemplateData, listMemberFaqs } from './faqs.service.js';

const tags = ['faqs'];

/** The FAQ dialog's calls (spec 2 "Frequently Asked Questions", spec 7 `faq-funds*`). */
export const faqAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/faq-funds',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'listPublishedFaqs',
        summary: "Published FAQs for a fund (general ones and the fund's), or general ones for fundId null",
        description:
          'Each answer is a Liquid template; the app fills it with `faq-funds/params` and sanitizes the HTML.',
        tags,
        querystring: FaqFundsQuery,
        response: { 200: FaqEntryListResponse },
      },
    },
    async (request) => wholeList(await listMemberFaqs(app.db, request.query.fundId)),
  );

  app.get(
    '/faq-funds/params',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getMyFaqParameters',
        summary: 'Template data of a benefit: benefit, person (ID masked), fund and claim (a list)',
        description:
          'One entry when the caller is the signed-in, identity-checked owner of the benefit; otherwise an ' +
          'empty list (signed out, no benefitId, someone else’s benefit): nothing personal.',
        tags,
        security: OPTIONAL_MEMBER_SESSION,
        querystring: FaqParamsQuery,
        response: { 200: FaqParamsListResponse },
      },
    },
    async (request) =>
      wholeList(await faqTemplateData(app.db, await findBeneficiary(app, request), request.query.benefitId)),
  );
};
