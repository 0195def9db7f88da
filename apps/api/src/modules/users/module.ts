import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { useStaffAccounts } from '../../platform/rbac/staff-access.js';
import { userRoutes } from './admin.routes.js';
import { findStaffAccount } from './users.repository.js';

/** The users module's registration (issue 35 item 4): Staff users. */
export const usersModule: ModuleDefinition = {
  name: 'users',
  // Platform's staff access (the admin guard, permissions) reads staff users through users (issue 35).
  install: () => useStaffAccounts(findStaffAccount),
  routes: [routesAt(userRoutes, '/api/v1')],
};
