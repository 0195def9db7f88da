import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { auditLogRoutes } from './admin.routes.js';
import { entityAuditTrailRoutes } from './entity-audit-trails.routes.js';

/**
 * The audits module's registration (issue 35 item 4): the audit log, and the trails of staff
 * users, roles, funds, fees and partners (the log names those records, so it registers their
 * trails; other modules register their own entities' trails with `registerAuditTrailRoute`).
 */
export const auditsModule: ModuleDefinition = {
  name: 'audits',
  routes: [routesAt(auditLogRoutes, '/api/v1'), routesAt(entityAuditTrailRoutes, '/api/v1')],
};
