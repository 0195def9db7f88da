import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { roleRoutes } from './admin.routes.js';

/** The roles module's registration (issue 35 item 4): Staff roles. */
export const rolesModule: ModuleDefinition = {
  name: 'roles',
  routes: [routesAt(roleRoutes, '/api/v1')],
};
