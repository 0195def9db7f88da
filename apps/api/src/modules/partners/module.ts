import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { partnerRoutes } from './admin.routes.js';

/** The partners module's registration (issue 35 item 4): Partners and their API keys (the keys are checked by the access control, app.ts). */
export const partnersModule: ModuleDefinition = {
  name: 'partners',
  routes: [routesAt(partnerRoutes, '/api/v1')],
};
