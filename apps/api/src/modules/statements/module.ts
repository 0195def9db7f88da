import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { adminStatementRoutes } from './admin.routes.js';
import { statementRoutes } from './app.routes.js';

/** The statements module's registration (issue 35 item 4): Benefit statements (issue 18), for staff and members. */
export const statementsModule: ModuleDefinition = {
  name: 'statements',
  routes: [routesAt(adminStatementRoutes, '/api/v1'), routesAt(statementRoutes, '/api/app')],
};
