import { ErrorResponse, OptOutQuery, OUTREACH_MESSAGES, OutreachMessageResponse, SmsReplyRequest } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors/app-error.js';
import { perIp } from '../../platform/http/rate-limit.js';
import { isGatewayToken, optOutByLink, recordSmsReply } from './opt-outs.service.js';

const tags = ['outreach'];

/** Paths under `/api` that callers without our cookies use: the SMS gateway (XSRF-exempt in app.ts). */
export const OUTREACH_PUBLIC_PREFIX = '/api/outreach/';

/** Opting out of invitations (issue 17): the link in each invitation, and SMS replies from the gateway. */
export const outreachPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outreach/opt-out',
    {
      config: { access: 'public', throttle: perIp(30, '1 hour') },
      schema: {
        operationId: 'optOutOfOutreach',
        summary: 'The opt-out link of an invitation: no invitation is sent to the person again',
        tags,
        querystring: OptOutQuery,
        response: { 200: OutreachMessageResponse, 404: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => optOutByLink(app.db, app.config.appSecret as string, request.query.person, request.query.token),
  );

  app.post(
    '/outreach/sms-replies',
    {
      config: { access: 'public', throttle: perIp(600, '1 minute') },
      schema: {
        operationId: 'receiveSmsReply',
        summary: 'An SMS reply passed on by the gateway (Authorization: Bearer SMS_INBOUND_TOKEN); STOP opts out',
        tags,
        body: SmsReplyRequest,
        response: { 200: OutreachMessageResponse, 401: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      if (!isGatewayToken(app.config.outreach.smsInboundToken, request.headers.authorization)) {
        throw new AppError('unauthenticated', 'Unknown SMS gateway.');
      }
      const stopped = await recordSmsReply(app.db, request.body);
      return { message: stopped > 0 ? OUTREACH_MESSAGES.optedOut : OUTREACH_MESSAGES.unknownReply };
    },
  );
};
