import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { adminBenefitRoutes } from './admin.routes.js';
import { benefitRoutes } from './app.routes.js';

/** The benefits module's registration (issue 35 item 4): Benefits: the member's search and own benefits, the back office's benefit screens. */
export const benefitsModule: ModuleDefinition = {
  name: 'benefits',
  routes: [routesAt(benefitRoutes, '/api/app'), routesAt(adminBenefitRoutes, '/api/v1')],
};
