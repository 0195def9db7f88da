import {
  AdminBenefitDetailResponse,
  AdminBenefitEditRequest,
  AdminCloseAccountRequest,
  AdminCloseAccountResponse,
  AdminIdentityImageListResponse,
  AdminPasswordResetResponse,
  AdminPersonResponse,
  AdminPersonUpdateRequest,
  AdminPersonUserResponse,
  ErrorResponse,
  IdParams,
  PersonImagesQuery,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { closeMemberAccount } from '../account-changes/index.js';
import { sendPasswordResetPinForStaff } from '../beneficiary-sessions/index.js';
import { editBenefitForStaff } from '../benefits/index.js';
import { listPersonImagesForStaff } from '../identity-verifications/index.js';
import { getBenefitUserForStaff } from '../person-users/index.js';
import { getBenefitPersonForStaff, updatePersonForStaff } from './admin-persons.service.js';

const tags = ['staff persons'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const readPersons = { access: { area: 'admin', permission: 'persons.read' } } as const;
const writePersons = { access: { area: 'admin', permission: 'persons.write' } } as const;

/**
 * Staff views and corrections of the people behind benefits (spec 7 `/api/v1/benefits/...`;
 * issue 18). `{id}` is a benefit id in `benefits/{id}/...` and `edit/{id}`, a person id in the
 * `person/...` calls. Every view of personal data and every change is audited. The source rows
 * (`benefits/{id}/source`, `benefits/person/source/{id}`) are file-uploads' routes
 * (`file-uploads/source-rows.routes.ts`).
 */
export const adminPersonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/benefits/:id/person',
    {
      config: readPersons,
      schema: {
        operationId: 'getBenefitPerson',
        summary: "The benefit's person: full ID number, names, contact details (the view is audited)",
        tags,
        params: IdParams,
        response: { 200: AdminPersonResponse, ...errors },
      },
    },
    async (request) => getBenefitPersonForStaff(app.db, request.params.id, auditContext(request)),
  );

  app.get(
    '/benefits/:id/user',
    {
      config: readPersons,
      schema: {
        operationId: 'getBenefitMemberAccount',
        summary:
          "The person's member account: sign-up details, identity checks, devices, sessions, notification settings (audited)",
        description: '404 when the person has not signed up.',
        tags,
        params: IdParams,
        response: { 200: AdminPersonUserResponse, ...errors },
      },
    },
    async (request) => getBenefitUserForStaff(app.db, request.params.id, auditContext(request)),
  );

  app.get(
    '/benefits/person/images',
    {
      config: readPersons,
      schema: {
        operationId: 'listPersonIdentityImages',
        summary: "The images of the person's identity checks, from the identity provider (audited)",
        description:
          'Fetched from the provider on first view and kept in the private file store; 404 when the person has no account, 503 when the provider cannot answer.',
        tags,
        querystring: PersonImagesQuery,
        response: { 200: AdminIdentityImageListResponse, ...errors, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listPersonImagesForStaff(
        { db: app.db, files: app.files, provider: app.identityProvider },
        request.query.personId,
        auditContext(request),
      );
    },
  );

  app.patch(
    '/benefits/edit/:id',
    {
      config: { access: { area: 'admin', permission: 'benefits.write' } },
      schema: {
        operationId: 'updateBenefit',
        summary: "Correct a benefit's amount (cents), type or status, with the reason (audited)",
        description: "409 while the benefit's claim is submitted, in review or approved.",
        tags,
        params: IdParams,
        body: AdminBenefitEditRequest,
        response: { 200: AdminBenefitDetailResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => editBenefitForStaff(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.patch(
    '/benefits/update/person/:id',
    {
      config: writePersons,
      schema: {
        operationId: 'updatePerson',
        summary: "Correct a person's names and contact details (id: person id), with the reason (audited)",
        tags,
        params: IdParams,
        body: AdminPersonUpdateRequest,
        response: { 200: AdminPersonResponse, ...errors },
      },
    },
    async (request) => updatePersonForStaff(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/benefits/person/user/delete/:id',
    {
      config: writePersons,
      schema: {
        operationId: 'closeMemberAccount',
        summary: "Close a member's account on their request (id: person id), with the reason (audited)",
        description:
          'Sessions end; devices, notifications, identity images, contact details and unused bank accounts are removed; claims, payments and the audit trail are kept. 409 when already closed.',
        tags,
        params: IdParams,
        body: AdminCloseAccountRequest,
        response: { 200: AdminCloseAccountResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request) =>
      closeMemberAccount(
        { db: app.db, files: app.files },
        request.params.id,
        request.body.reason,
        auditContext(request),
      ),
  );

  app.patch(
    '/benefits/person/password/:id',
    {
      config: writePersons,
      schema: {
        operationId: 'sendMemberPasswordReset',
        summary: 'Send the member a password-reset PIN by their two-factor method (id: person id)',
        description:
          'Staff never see or set a password. 404 without an open account; 429 when a PIN was sent too recently.',
        tags,
        params: IdParams,
        response: { 200: AdminPasswordResetResponse, ...errors, 429: ErrorResponse },
      },
    },
    async (request) =>
      sendPasswordResetPinForStaff(
        { db: app.db, messenger: app.messenger, secret: app.config.appSecret as string },
        request.params.id,
        auditContext(request),
      ),
  );
};
