import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { personBankRoutes } from './app.routes.js';

/** The person-banks module's registration (issue 35 item 4): Members' bank accounts. */
export const personBanksModule: ModuleDefinition = {
  name: 'person-banks',
  routes: [routesAt(personBankRoutes, '/api/app')],
};
