import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { searchRoutes } from './admin.routes.js';

/** The search module's registration (issue 38 item 2): the back office's global search. */
export const searchModule: ModuleDefinition = {
  name: 'search',
  routes: [routesAt(searchRoutes, '/api/v1')],
};
