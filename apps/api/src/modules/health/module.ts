import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { healthRoutes } from './health.routes.js';

/** The health module's registration (issue 35 item 4): Liveness and readiness (`/api/health`, `/api/ready`). */
export const healthModule: ModuleDefinition = {
  name: 'health',
  routes: [routesAt(healthRoutes, '/api', { options: ({ pingRedis }) => ({ pingRedis }) })],
};
