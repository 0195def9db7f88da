import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { auditLogRoutes } from './admin.routes.js';

/** The audits module's registration (issue 35 item 4): The audit log (each entity's trail is registered by its own module's routes). */
export const auditsModule: ModuleDefinition = {
  name: 'audits',
  routes: [routesAt(auditLogRoutes, '/api/v1')],
};
