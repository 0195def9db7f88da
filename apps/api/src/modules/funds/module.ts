import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { fundRoutes } from './admin.routes.js';

/** The funds module's registration (issue 35 item 4): Funds and their fees (issue 8). */
export const fundsModule: ModuleDefinition = {
  name: 'funds',
  routes: [routesAt(fundRoutes, '/api/v1')],
};
