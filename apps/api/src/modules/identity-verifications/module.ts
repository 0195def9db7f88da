import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { identityVerificationRoutes } from './app.routes.js';
import { identitySandboxRoutes } from './sandbox.routes.js';

/** The identity-verifications module's registration (issue 35 item 4): Members' identity checks, and the built-in sandbox provider's pages when it is the one chosen. */
export const identityVerificationsModule: ModuleDefinition = {
  name: 'identity-verifications',
  routes: [
    routesAt(identityVerificationRoutes, '/api/app'),
    routesAt(identitySandboxRoutes, '/api', { when: (config) => config.identity.provider === 'sandbox' }),
  ],
};
