import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { dashboardRoutes } from './admin.routes.js';

/** The dashboard module's registration (issue 35 item 4): The back office's dashboard. */
export const dashboardModule: ModuleDefinition = {
  name: 'dashboard',
  routes: [routesAt(dashboardRoutes, '/api/v1')],
};
