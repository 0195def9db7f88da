import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { beneficiarySessionRoutes } from './app.routes.js';

/** The beneficiary-sessions module's registration (issue 35 item 4): Members' sign-in, PINs and password resets. */
export const beneficiarySessionsModule: ModuleDefinition = {
  name: 'beneficiary-sessions',
  routes: [routesAt(beneficiarySessionRoutes, '/api/app')],
};
