import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { templateRoutes } from './admin.routes.js';

/** The templates module's registration (issue 35 item 4): Message templates. */
export const templatesModule: ModuleDefinition = {
  name: 'templates',
  routes: [routesAt(templateRoutes, '/api/v1')],
};
