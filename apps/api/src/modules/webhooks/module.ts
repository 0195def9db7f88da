import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { adminWebhookRoutes } from './admin.routes.js';
import { installWebhooks } from './install-webhooks.js';
import { partnerWebhookRoutes } from './partner.routes.js';

/** The webhooks module's registration (issue 35 item 4): Partners' webhooks: the delivery jobs, the back office's view and the partner API's endpoints. */
export const webhooksModule: ModuleDefinition = {
  name: 'webhooks',
  install: installWebhooks,
  routes: [routesAt(adminWebhookRoutes, '/api/v1'), routesAt(partnerWebhookRoutes, '/api/v2')],
};
