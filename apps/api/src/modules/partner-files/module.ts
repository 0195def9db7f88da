import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { partnerFileRoutes } from './admin.routes.js';
import { installPartnerFiles } from './install-partner-files.js';

/** The partner-files module's registration (issue 35 item 4): Tracing partner files (issue 17): the build job and the back office's downloads. */
export const partnerFilesModule: ModuleDefinition = {
  name: 'partner-files',
  install: installPartnerFiles,
  routes: [routesAt(partnerFileRoutes, '/api/v1')],
};
