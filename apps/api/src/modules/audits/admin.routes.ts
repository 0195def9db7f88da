import {
  AuditLogExportQuery,
  AuditLogFiltersResponse,
  AuditLogQuery,
  AuditLogResponse,
  ErrorResponse,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { EXPORT_PRODUCES } from '../../platform/exports/table-export.js';
import { sendDownload } from '../../platform/http/download.js';
import { auditLogFilters, exportAuditLog, listAuditLog } from './audit-log.service.js';

const tags = ['audits'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const read = { access: { area: 'admin', permission: 'audits.read' } } as const;

/**
 * The office's audit log (issue 36 item 5): every audit event in words, filtered and exported;
 * permission `audits.read`. Each record's own trail is `registerAuditTrailRoute`'s.
 */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audits',
    {
      config: read,
      schema: {
        operationId: 'listAudits',
        summary:
          'Every audit event in words, newest first: filter[actorType|actorId], filter[action], filter[entityType|entityId], filter[occurredFrom|occurredTo]',
        description:
          'Each event with its sentence, the actor by name, the changed fields with labels and values, and its place in the tamper-evident chain. Paged by cursor.',
        tags,
        querystring: AuditLogQuery,
        response: { 200: AuditLogResponse, ...errors },
      },
    },
    async (request) => listAuditLog(app.db, request.query),
  );

  app.get(
    '/audits/filters',
    {
      config: read,
      schema: {
        operationId: 'listAuditsFilters',
        summary: "The choices of the audit log's filters: actions, record types and staff users, in words",
        tags,
        response: { 200: AuditLogFiltersResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async () => auditLogFilters(app.db),
  );

  app.get(
    '/audits/export',
    {
      config: read,
      schema: {
        operationId: 'exportAudits',
        summary: 'Export the audit events the log filters find, in words, as CSV or XLSX (streamed; audited)',
        tags,
        querystring: AuditLogExportQuery,
        produces: EXPORT_PRODUCES,
        response: { 200: z.any().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      const file = exportAuditLog(app.db, request.query, auditContext(request));
      const fileName = `audit-log-${new Date().toISOString().slice(0, 10)}.${file.extension}`;
      return sendDownload(reply, { ...file, fileName });
    },
  );
};
