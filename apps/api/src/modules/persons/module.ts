import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { adminPersonRoutes } from './admin.routes.js';

/** The persons module's registration (issue 35 item 4): Persons, in the back office. */
export const personsModule: ModuleDefinition = {
  name: 'persons',
  routes: [routesAt(adminPersonRoutes, '/api/v1')],
};
