import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { historicAccountRoutes } from './admin.routes.js';

/** The historic-accounts module's registration (issue 35 item 4): Historic accounts. */
export const historicAccountsModule: ModuleDefinition = {
  name: 'historic-accounts',
  routes: [routesAt(historicAccountRoutes, '/api/v1')],
};
