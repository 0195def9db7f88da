import {
  ErrorResponse,
  MemberLanguageRequest,
  PersonUserResponse,
  SessionResponse,
  SignUpRequest,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findBeneficiary, requireBeneficiary } from '../../platform/auth/route-access.js';
import { OPTIONAL_MEMBER_SESSION } from '../../platform/http/openapi.js';
import { perIp } from '../../platform/http/rate-limit.js';
import { ownPersonUserId as ownId, PersonUserIdParams } from './own-person-user.js';
import {
  findPersonUserById,
  toPendingPersonUserResponse,
  toPersonUserResponse,
  updateMemberLanguage,
} from './person-users.service.js';
import { signUpPersonUser } from './sign-up.service.js';

const tags = ['person users'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };

/**
 * Person users (spec 7 `person-users`, `person-users/{id}`, `person-users/{id}/language`); the
 * two-factor method change (`person-users/{id}/twoFactorMethod`) is account-changes' route.
 */
export const personUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    messenger: app.messenger,
    secret: app.config.appSecret as string,
    risk: app.config.risk,
  });

  app.post(
    '/person-users',
    {
      config: { access: 'public', throttle: perIp(20, '1 hour') },
      schema: {
        operationId: 'signUp',
        summary: 'Sign up: create the account for an ID number with benefits, and send the first PIN',
        tags,
        body: SignUpRequest,
        response: { 201: SessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = await signUpPersonUser(deps(), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(201).send(session);
    },
  );

  app.get(
    '/person-users/:id',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getMyAccount',
        summary: 'The signed-in person user (`me`), or null when there is no live session',
        description: 'Spec section 4: the app sets the person user when one is returned and clears it on nothing.',
        tags,
        security: OPTIONAL_MEMBER_SESSION,
        params: PersonUserIdParams,
        response: { 200: PersonUserResponse.nullable(), ...errors },
      },
    },
    async (request) => {
      const caller = await findBeneficiary(app, request);
      if (!caller) return null;
      const user = await findPersonUserById(app.db, ownId(caller.personUserId, request.params.id));
      if (!user) return null;
      // Before the PIN, only what the PIN screen needs, masked (issue 13 item 7).
      return caller.verified ? toPersonUserResponse(user) : toPendingPersonUserResponse(user);
    },
  );

  app.put(
    '/person-users/:id/language',
    {
      // Also before the PIN: the picker on the PIN screen must change the language of the PIN resent.
      config: { access: { area: 'beneficiary', verified: false } },
      schema: {
        operationId: 'updateMyLanguage',
        summary: "Record the language of the member's SMS, email and push messages (en, af or zu)",
        description: 'Decision 036. The app calls it when a signed-in member picks another language.',
        tags,
        params: PersonUserIdParams,
        body: MemberLanguageRequest,
        response: { 200: PersonUserResponse, ...errors },
      },
    },
    async (request) => {
      const caller = requireBeneficiary(request);
      const user = await updateMemberLanguage(
        app.db,
        ownId(caller.personUserId, request.params.id),
        request.body.language,
      );
      return caller.verified ? toPersonUserResponse(user) : toPendingPersonUserResponse(user);
    },
  );
};
