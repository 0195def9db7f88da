import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { fundTypeRoutes } from './admin.routes.js';

/** The fund-types module's registration (issue 35 item 4): Fund types. */
export const fundTypesModule: ModuleDefinition = {
  name: 'fund-types',
  routes: [routesAt(fundTypeRoutes, '/api/v1')],
};
