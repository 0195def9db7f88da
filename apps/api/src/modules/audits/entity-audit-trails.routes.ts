import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerAuditTrailRoute } from './audit-trail.route.js';

/**
 * The audit trails of the records whose names the audit log looks up (staff users, roles, funds
 * and their fees, partners): `GET /users/:id/audits`, `/roles/:id/audits`, `/funds/:id/audits`,
 * `/fees/:id/audits`, `/partners/:id/audits` (issue 36 item 5; permission `audits.read`, tagged
 * with the record's domain). Registered here rather than by those modules' routes because the log
 * already depends on them for names, and they must not depend back on it (issue 35 item 2: no
 * module cycles). Like every trail, a deleted record keeps its trail (no 404 for an unknown id).
 */
export const entityAuditTrailRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAuditTrailRoute(app, {
    operationId: 'listUserAudits',
    path: '/users/:id/audits',
    entityType: 'users',
    tag: 'users',
  });
  registerAuditTrailRoute(app, {
    operationId: 'listRoleAudits',
    path: '/roles/:id/audits',
    entityType: 'roles',
    tag: 'roles',
  });
  registerAuditTrailRoute(app, {
    operationId: 'listFundAudits',
    path: '/funds/:id/audits',
    entityType: 'funds',
    tag: 'funds',
  });
  registerAuditTrailRoute(app, {
    operationId: 'listFeeAudits',
    path: '/fees/:id/audits',
    entityType: 'fees',
    tag: 'funds',
  });
  registerAuditTrailRoute(app, {
    operationId: 'listPartnerAudits',
    path: '/partners/:id/audits',
    entityType: 'partners',
    tag: 'partners',
  });
};
