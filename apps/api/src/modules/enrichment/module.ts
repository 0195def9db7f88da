import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { enrichmentRoutes } from './admin.routes.js';
import { installEnrichment } from './install-enrichment.js';

/** The enrichment module's registration (issue 35 item 4): Enrichment of member files (issue 17): the run job and the back office's steps and runs. */
export const enrichmentModule: ModuleDefinition = {
  name: 'enrichment',
  install: installEnrichment,
  routes: [routesAt(enrichmentRoutes, '/api/v1')],
};
