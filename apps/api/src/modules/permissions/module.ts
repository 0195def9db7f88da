import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { permissionRoutes } from './admin.routes.js';

/** The permissions module's registration (issue 35 item 4): The permission list. */
export const permissionsModule: ModuleDefinition = {
  name: 'permissions',
  routes: [routesAt(permissionRoutes, '/api/v1')],
};
