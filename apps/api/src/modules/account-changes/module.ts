import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { accountChangeRoutes } from './app.routes.js';

/**
 * The account-changes module's registration (issue 35 item 4): the member's change of two-factor
 * method (`person-users/{id}/twoFactorMethod`, same path as person-users' routes). Closing an
 * account is a back-office route of persons, which calls `closeMemberAccount` from index.ts.
 */
export const accountChangesModule: ModuleDefinition = {
  name: 'account-changes',
  routes: [routesAt(accountChangeRoutes, '/api/app')],
};
