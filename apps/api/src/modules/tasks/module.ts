import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { taskRoutes } from './admin.routes.js';

/** The tasks module's registration (issue 35 item 4): Staff tasks. */
export const tasksModule: ModuleDefinition = {
  name: 'tasks',
  routes: [routesAt(taskRoutes, '/api/v1')],
};
