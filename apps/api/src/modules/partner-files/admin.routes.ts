import {
  ErrorResponse,
  GeneratePartnerFileQuery,
  IdParams,
  PartnerFileDownloadQuery,
  PartnerFileResponse,
  TracingPartnerListResponse,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { requireStaff } from '../../platform/auth/route-access.js';
import { EXPORT_PRODUCES } from '../../platform/exports/table-export.js';
import { sendStoredFile } from '../../platform/files/file-stores.js';
import { downloadPartnerFile, generatePartnerFile, listTracingPartners } from './partner-files.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const tags = ['tracing partner files'];
const read = { access: { area: 'admin', permission: 'file-downloads.read' } } as const;
const generate = { access: { area: 'admin', permission: 'file-downloads.generate' } } as const;

/** Files of persons to trace for tracing partners (spec 7 `file-download*`, issue 17). */
export const partnerFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/file-download/partners',
    {
      config: read,
      schema: {
        operationId: 'listTracingPartners',
        summary: 'Tracing partners that receive files, with their funds, persons to trace and latest file',
        tags,
        response: { 200: TracingPartnerListResponse, ...errors },
      },
    },
    async () => listTracingPartners(app.db),
  );

  app.get(
    '/file-download/:id/generate',
    {
      config: generate,
      schema: {
        operationId: 'generateTracingFile',
        summary: 'Build a file for tracing partner {id}: the persons of its funds still to trace (CSV or XLSX, a job)',
        description:
          '202 with the file (status queued, then ready); its downloadUrl works until expiresAt ' +
          '(PARTNER_FILE_LINK_HOURS). The partner answers with a trace_results file upload.',
        tags,
        params: IdParams,
        querystring: GeneratePartnerFileQuery,
        response: { 202: PartnerFileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const file = await generatePartnerFile(
        { db: app.db, jobs: app.jobs, clock: app.clock, linkHours: app.config.outreach.partnerFileLinkHours },
        request.params.id,
        request.query.format,
        { ...auditContext(request), userId: requireStaff(request).userId },
      );
      return reply.status(202).send(file);
    },
  );

  app.get(
    '/file-download/:id/download',
    {
      config: read,
      schema: {
        operationId: 'downloadTracingFile',
        summary: 'Download a file generated for tracing partner {id} (file=, default its latest); audited',
        description: '409 while it is being built or when building failed; 410 once its link expired.',
        tags,
        params: IdParams,
        querystring: PartnerFileDownloadQuery,
        produces: EXPORT_PRODUCES,
        response: { 200: z.any().describe('The file'), 409: ErrorResponse, 410: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const download = await downloadPartnerFile(
        { db: app.db, clock: app.clock },
        request.params.id,
        request.query.file,
        auditContext(request),
      );
      return sendStoredFile(reply, app.files, app.config.files, download);
    },
  );
};
