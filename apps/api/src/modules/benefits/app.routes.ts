import {
  BenefitResponse,
  BenefitSearchQuery,
  BenefitSearchResponse,
  BenefitTotalResponse,
  ErrorResponse,
  IdParams,
  MemberBenefitListResponse,
  wholeList,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBeneficiary } from '../../platform/auth/route-access.js';
import { perIp } from '../../platform/http/rate-limit.js';
import { countBenefitSearch } from '../../platform/metrics/business-counters.js';
import { requireIdentityVerified } from '../person-users/index.js';
import { countUnclaimedBenefits } from './benefits.service.js';
import { getMemberBenefit, listMemberBenefits, totalMemberBenefits } from './member-benefits.service.js';

const tags = ['benefits'];
const memberErrors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
/** Signed in with the PIN entered; the identity check is enforced by the handlers (403). */
const member = { access: { area: 'beneficiary' as const } };

/** Benefits for members (spec 7 `benefits/*`). */
export const benefitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/benefits/idNumber',
    {
      config: {
        access: 'public',
        throttle: perIp(app.config.benefitSearchLimitPerHour, '1 hour', { failClosed: true }),
      },
      schema: {
        operationId: 'searchBenefits',
        summary: 'Anonymous search: how many unclaimed benefits wait for an SA ID number',
        description:
          'The ID number is checked (13 digits, date, citizenship digit, check digit) before any lookup (422). ' +
          'The answer is only a count, in the same shape whether or not there is a match. Throttled per IP.',
        tags: ['benefits'],
        querystring: BenefitSearchQuery,
        response: { 200: BenefitSearchResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const totalBenefits = await countUnclaimedBenefits(app.db, request.query.idNumber);
      countBenefitSearch(totalBenefits);
      return { totalBenefits };
    },
  );

  app.get(
    '/benefits',
    {
      config: member,
      schema: {
        operationId: 'listMyBenefits',
        summary: "The member's benefits across funds, largest first, each with its claim's status",
        description: 'Needs the sign-in PIN and a passed identity check (403 otherwise). All on one page.',
        tags,
        response: { 200: MemberBenefitListResponse, ...memberErrors },
      },
    },
    async (request) => {
      const { personUserId } = requireBeneficiary(request);
      await requireIdentityVerified(app.db, personUserId);
      return wholeList(await listMemberBenefits(app.db, personUserId));
    },
  );

  app.get(
    '/benefits/total',
    {
      config: member,
      schema: {
        operationId: 'getMyBenefitTotal',
        summary: "The member's benefits counted and summed (cents): all, and those not yet claimed",
        tags,
        response: { 200: BenefitTotalResponse, ...memberErrors },
      },
    },
    async (request) => {
      const { personUserId } = requireBeneficiary(request);
      await requireIdentityVerified(app.db, personUserId);
      return totalMemberBenefits(app.db, personUserId);
    },
  );

  app.get(
    '/benefits/:id/benefit',
    {
      config: member,
      schema: {
        operationId: 'getMyBenefit',
        summary: 'One of the member\'s benefits with person, fund, claim and payout (spec 3 "Selected benefit")',
        description: "Another member's benefit is 404, like one that does not exist.",
        tags,
        params: IdParams,
        response: { 200: BenefitResponse, ...memberErrors },
      },
    },
    async (request) => {
      const { personUserId } = requireBeneficiary(request);
      await requireIdentityVerified(app.db, personUserId);
      return getMemberBenefit(app.db, personUserId, request.params.id);
    },
  );
};
