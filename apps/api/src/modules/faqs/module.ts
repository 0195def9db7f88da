import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { faqAdminRoutes } from './admin.routes.js';
import { faqAppRoutes } from './app.routes.js';

/** The faqs module's registration (issue 35 item 4): FAQs, edited in the back office and read in the member app. */
export const faqsModule: ModuleDefinition = {
  name: 'faqs',
  routes: [routesAt(faqAdminRoutes, '/api/v1'), routesAt(faqAppRoutes, '/api/app')],
};
