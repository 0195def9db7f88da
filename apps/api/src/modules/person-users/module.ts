import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { personUserRoutes } from './app.routes.js';

/** The person-users module's registration (issue 35 item 4): Members' accounts: sign-up and their own account. */
export const personUsersModule: ModuleDefinition = {
  name: 'person-users',
  routes: [routesAt(personUserRoutes, '/api/app')],
};
