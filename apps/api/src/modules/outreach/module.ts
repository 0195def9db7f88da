import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { outreachAdminRoutes } from './admin.routes.js';
import { installOutreach } from './install-outreach.js';
import { OUTREACH_PUBLIC_PREFIX, outreachPublicRoutes } from './public.routes.js';

/** The outreach module's registration (issue 35 item 4): Outreach (issue 17): invitation jobs, the funnel, opt-out links and SMS replies (the gateway has no cookies: exempt from XSRF). */
export const outreachModule: ModuleDefinition = {
  name: 'outreach',
  install: installOutreach,
  routes: [routesAt(outreachAdminRoutes, '/api/v1'), routesAt(outreachPublicRoutes, '/api')],
  xsrfExemptPrefixes: [OUTREACH_PUBLIC_PREFIX],
};
