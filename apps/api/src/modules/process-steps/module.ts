import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { processStepRoutes } from './admin.routes.js';

/** The process-steps module's registration (issue 35 item 4): Funds' process steps. */
export const processStepsModule: ModuleDefinition = {
  name: 'process-steps',
  routes: [routesAt(processStepRoutes, '/api/v1')],
};
