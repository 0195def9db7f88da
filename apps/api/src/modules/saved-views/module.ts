import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { savedViewRoutes } from './admin.routes.js';

/** The saved-views module's registration (issue 38 item 3): staff users' named filters of list screens. */
export const savedViewsModule: ModuleDefinition = {
  name: 'saved-views',
  routes: [routesAt(savedViewRoutes, '/api/v1')],
};
