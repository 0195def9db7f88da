import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { adminSessionRoutes } from './admin.routes.js';

/** The admin-sessions module's registration (issue 35 item 4): Staff sign-in, PINs and password resets. */
export const adminSessionsModule: ModuleDefinition = {
  name: 'admin-sessions',
  routes: [routesAt(adminSessionRoutes, '/api/v1')],
};
