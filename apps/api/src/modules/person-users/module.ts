import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { useMemberLanguage } from '../../platform/otp/otp.service.js';
import { personUserRoutes } from './app.routes.js';
import { selectLanguage } from './person-users.repository.js';

/** The person-users module's registration (issue 35 item 4): Members' accounts: sign-up and their own account. */
export const personUsersModule: ModuleDefinition = {
  name: 'person-users',
  // Platform's PINs read the member's language through person-users (issue 35).
  install: () => useMemberLanguage(selectLanguage),
  routes: [routesAt(personUserRoutes, '/api/app')],
};
