import {
  ErrorResponse,
  IdParams,
  InvitationListQuery,
  InvitationListResponse,
  OutreachFunnelResponse,
  SendInvitationsRequest,
  SendInvitationsResponse,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { outreachFunnel } from './funnel.service.js';
import { listInvitations } from './invitation-list.service.js';
import { startInvitations } from './invitations.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const tags = ['outreach'];

/** A fund's outreach for staff (issue 17 "Outreach"): the funnel, and sending invitations. */
export const outreachAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/funds/:id/outreach/funnel',
    {
      config: { access: { area: 'admin', permission: 'outreach.read' } },
      schema: {
        operationId: 'getOutreachFunnel',
        summary: 'The fund funnel: persons, traced, invited, delivered, opted out, signed up, claimed, paid',
        tags,
        params: IdParams,
        response: { 200: OutreachFunnelResponse, ...errors },
      },
    },
    async (request) => outreachFunnel(app.db, request.params.id),
  );

  app.get(
    '/funds/:id/outreach/invitations',
    {
      config: { access: { area: 'admin', permission: 'outreach.read' } },
      schema: {
        operationId: 'listFundOutreachInvitations',
        summary:
          "The fund's invitations and what came of each: delivery, opted out, signed up (filter[channel], filter[delivery])",
        tags,
        params: IdParams,
        querystring: InvitationListQuery,
        response: { 200: InvitationListResponse, ...errors },
      },
    },
    async (request) => listInvitations(app.db, request.params.id, request.query),
  );

  app.post(
    '/funds/:id/outreach/invitations',
    {
      config: { access: { area: 'admin', permission: 'outreach.send' } },
      schema: {
        operationId: 'sendOutreachInvitations',
        summary: "Send the fund's invitations now (a job): SMS or email, daily cap, quiet hours, once per 30 days",
        description:
          'Persons with an unclaimed benefit of the fund, no account, not deceased, not opted out and a phone or ' +
          'email. No SMS between 20:00 and 08:00 SAST (email instead, or later). At most OUTREACH_DAILY_CAP_PER_FUND ' +
          'a day and `limit`.',
        tags,
        params: IdParams,
        body: SendInvitationsRequest,
        response: { 202: SendInvitationsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const started = await startInvitations(
        { db: app.db, jobs: app.jobs },
        request.params.id,
        request.body.limit,
        auditContext(request),
      );
      return reply.status(202).send(started);
    },
  );
};
