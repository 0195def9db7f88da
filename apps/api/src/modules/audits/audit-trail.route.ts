import { AuditListQuery, AuditListResponse, ErrorResponse, IdParams } from '@bcp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listAuditTrail } from './audit-log.service.js';

/**
 * Registers `GET <path>` (e.g. `/users/:id/audits`, `/funds/:id/audits`): the audit trail of one
 * entity in words (issue 36 item 5), newest first, in the list envelope; permission `audits.read`
 * (issue 6 "Audit trail").
 * Other domains add theirs with one call from their admin routes:
 * `registerAuditTrailRoute(app, { operationId: 'listTaskAudits', path: '/tasks/:id/audits', entityType: 'tasks', tag: 'tasks' })`
 * (`operationId`: the operation's name in the OpenAPI document, e.g. `list<Entity>Audits`), except
 * the domains the audit log names records through (users, roles, funds, partners): the audits
 * module registers their trails itself (`entity-audit-trails.routes.ts`), so that they do not
 * depend back on it.
 * The entity need not exist any more (a deleted entity keeps its trail).
 */
export function registerAuditTrailRoute(
  app: FastifyInstance,
  options: { operationId: string; path: `/${string}/:id/audits`; entityType: string; tag: string },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    options.path,
    {
      config: { access: { area: 'admin', permission: 'audits.read' } },
      schema: {
        operationId: options.operationId,
        summary: `The audit trail of one ${options.entityType} entry, newest first`,
        description:
          'Before/after hold only the changed fields; secrets never appear. List parameters: see `ListQuery`.',
        tags: [options.tag],
        params: IdParams,
        querystring: AuditListQuery,
        response: { 200: AuditListResponse, 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) =>
      listAuditTrail(app.db, { entityType: options.entityType, entityId: request.params.id }, request.query),
  );
}
