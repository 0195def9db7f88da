import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { userRoutes } from './admin.routes.js';

/** The users module's registration (issue 35 item 4): Staff users. */
export const usersModule: ModuleDefinition = {
  name: 'users',
  routes: [routesAt(userRoutes, '/api/v1')],
};
