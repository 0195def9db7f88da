import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { invoiceRoutes } from './admin.routes.js';

/** The invoices module's registration (issue 35 item 4): Invoices and credit notes. */
export const invoicesModule: ModuleDefinition = {
  name: 'invoices',
  routes: [routesAt(invoiceRoutes, '/api/v1')],
};
