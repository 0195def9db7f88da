import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { adminBankRoutes } from './admin.routes.js';
import { bankRoutes } from './app.routes.js';

/** The banks module's registration (issue 35 item 4): Banks, for the back office and for members. */
export const banksModule: ModuleDefinition = {
  name: 'banks',
  routes: [routesAt(adminBankRoutes, '/api/v1'), routesAt(bankRoutes, '/api/app')],
};
