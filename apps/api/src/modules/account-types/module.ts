import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { accountTypeRoutes } from './admin.routes.js';

/** The account-types module's registration (issue 35 item 4): Account types. */
export const accountTypesModule: ModuleDefinition = {
  name: 'account-types',
  routes: [routesAt(accountTypeRoutes, '/api/v1')],
};
