import {
  ErrorResponse,
  IdParams,
  OtpSentResponse,
  PersonBankDetailResponse,
  PersonBankListResponse,
  PersonBankRequest,
  PersonBankResponse,
  wholeList,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireBeneficiary } from '../../platform/auth/route-access.js';
import { perIp } from '../../platform/http/rate-limit.js';
import {
  createPersonBank,
  getPersonBankForEdit,
  listPersonBanks,
  removePersonBank,
  sendPersonBankChangeOtp,
  updatePersonBank,
} from './person-banks.service.js';

const tags = ['bank accounts'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const member = { access: { area: 'beneficiary' as const } };

/**
 * The member's own bank accounts (spec 7 `GET benefit-claims/person-banks`; the other calls are
 * ours, issue 4 "Bank account"). Account numbers are masked everywhere except `GET .../{id}`, the
 * owner's edit form. Only the member's own accounts are reachable (404 otherwise).
 */
export const personBankRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    messenger: app.messenger,
    secret: app.config.appSecret as string,
    risk: app.config.risk,
  });

  app.get(
    '/benefit-claims/person-banks',
    {
      config: member,
      schema: {
        operationId: 'listMyBankAccounts',
        summary: "The member's bank accounts, numbers masked",
        tags,
        response: { 200: PersonBankListResponse, ...errors },
      },
    },
    async (request) => wholeList(await listPersonBanks(app.db, requireBeneficiary(request).personUserId)),
  );

  app.post(
    '/benefit-claims/person-banks',
    {
      config: { ...member, throttle: perIp(30, '1 hour') },
      schema: {
        operationId: 'createMyBankAccount',
        summary: "Add a bank account in the member's own name",
        description: 'Bank from `GET banks`; account number 7 to 11 digits; the holder name must include the surname.',
        tags,
        body: PersonBankRequest,
        response: { 201: PersonBankResponse, ...errors, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const account = await createPersonBank(deps(), requireBeneficiary(request).personUserId, request.body);
      return reply.status(201).send(account);
    },
  );

  app.get(
    '/benefit-claims/person-banks/:id',
    {
      config: member,
      schema: {
        operationId: 'getMyBankAccount',
        summary: "One account for its owner's edit form: the only answer with the full account number",
        tags,
        params: IdParams,
        response: { 200: PersonBankDetailResponse, ...errors },
      },
    },
    async (request) => getPersonBankForEdit(deps(), requireBeneficiary(request).personUserId, request.params.id),
  );

  app.put(
    '/benefit-claims/person-banks/:id',
    {
      config: { ...member, throttle: perIp(30, '1 hour') },
      schema: {
        operationId: 'updateMyBankAccount',
        summary: 'Edit an account',
        description:
          'When a submitted claim pays into the account, the change needs `otp` (send one with `POST .../{id}/otp`; ' +
          '422 on field `otp` without it) and the member is told by email and SMS.',
        tags,
        params: IdParams,
        body: PersonBankRequest,
        response: { 200: PersonBankResponse, ...errors, 429: ErrorResponse },
      },
    },
    async (request) =>
      updatePersonBank(deps(), requireBeneficiary(request).personUserId, request.params.id, request.body),
  );

  app.post(
    '/benefit-claims/person-banks/:id/otp',
    {
      config: member,
      schema: {
        operationId: 'sendMyBankAccountPin',
        summary: 'Send the PIN that confirms changing an account a submitted claim pays into',
        tags,
        params: IdParams,
        response: { 200: OtpSentResponse, ...errors, 429: ErrorResponse },
      },
    },
    async (request) => sendPersonBankChangeOtp(deps(), requireBeneficiary(request).personUserId, request.params.id),
  );

  app.delete(
    '/benefit-claims/person-banks/:id',
    {
      config: member,
      schema: {
        operationId: 'deleteMyBankAccount',
        summary: 'Remove an account (409 while a submitted claim pays into it)',
        tags,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePersonBank(app.db, requireBeneficiary(request).personUserId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
