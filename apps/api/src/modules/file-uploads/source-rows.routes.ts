import {
  AdminSourceRowListResponse,
  AdminSourceRowResponse,
  ErrorResponse,
  IdParams,
  PersonSourceListQuery,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { getBenefitSourceForStaff, listPersonSourceRowsForStaff } from './source-rows.service.js';

const tags = ['staff persons'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const readPersons = { access: { area: 'admin', permission: 'persons.read' } } as const;

/**
 * The uploaded rows behind a benefit or a person (spec 7 `/api/v1/benefits/...`; issue 18), in the
 * back office's person screens: registered by file-uploads, which reads its stored files again for
 * the original cells (issue 35: persons does not import file-uploads, whose accept step loads
 * persons). `{id}` is a benefit id in `benefits/{id}/source`, a person id in
 * `benefits/person/source/{id}`. Every view is audited.
 */
export const sourceRowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/benefits/:id/source',
    {
      config: readPersons,
      schema: {
        operationId: 'getBenefitSource',
        summary: 'The upload and row the benefit came from, with the original cells (audited)',
        description: '404 when the benefit was not loaded from an uploaded file.',
        tags,
        params: IdParams,
        response: { 200: AdminSourceRowResponse, ...errors },
      },
    },
    async (request) =>
      getBenefitSourceForStaff({ db: app.db, files: app.files }, request.params.id, auditContext(request)),
  );

  app.get(
    '/benefits/person/source/:id',
    {
      config: readPersons,
      schema: {
        operationId: 'listPersonSourceRows',
        summary: 'Every uploaded row that named the person (id: person id), newest upload first (audited)',
        tags,
        params: IdParams,
        querystring: PersonSourceListQuery,
        response: { 200: AdminSourceRowListResponse, ...errors },
      },
    },
    async (request) =>
      listPersonSourceRowsForStaff(
        { db: app.db, files: app.files },
        request.params.id,
        request.query,
        auditContext(request),
      ),
  );
};
