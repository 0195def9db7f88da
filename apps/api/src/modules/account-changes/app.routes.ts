import { ErrorResponse, OtpRequiredResponse, PersonUserResponse, TwoFactorMethodRequest } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBeneficiary } from '../../platform/auth/route-access.js';
import { ownPersonUserId as ownId, PersonUserIdParams } from '../person-users/index.js';
import { updateTwoFactorMethod } from './two-factor-method.service.js';

const tags = ['person users'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };

/**
 * The member's own account changes that reach other domains (spec 7
 * `person-users/{id}/twoFactorMethod`): served under the person-users path and tag, registered
 * by account-changes so that person-users imports no module that imports it (issue 35 item 2).
 */
export const accountChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    messenger: app.messenger,
    secret: app.config.appSecret as string,
    risk: app.config.risk,
  });

  app.put(
    '/person-users/:id/twoFactorMethod',
    {
      config: { access: { area: 'beneficiary', verified: true } },
      schema: {
        operationId: 'updateMyTwoFactorMethod',
        summary: 'Change the notification (two-factor) method; a new destination is confirmed by PIN',
        description:
          'Answers 202 with `otpRequired` after sending a PIN to a destination not yet proven; repeat the call with `otp`.',
        tags,
        params: PersonUserIdParams,
        body: TwoFactorMethodRequest,
        response: { 200: PersonUserResponse, 202: OtpRequiredResponse, ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireBeneficiary(request);
      const result = await updateTwoFactorMethod(deps(), ownId(caller.personUserId, request.params.id), request.body);
      return result.status === 200 ? result.personUser : reply.status(202).send(result.body);
    },
  );
};
