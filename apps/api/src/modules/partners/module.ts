import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { useFundPartnerLinks } from '../funds/index.js';
import { partnerRoutes } from './admin.routes.js';
import { ensurePartnerServesFund, unlinkFundFromPartners } from './partners.repository.js';

/**
 * The partners module's registration (issue 35 item 4): Partners and their API keys (the keys are
 * checked by the access control, app.ts). At start-up it gives funds the functions that keep the
 * partners' fund links (a fund's administrator serves it; a deleted fund is unlinked).
 */
export const partnersModule: ModuleDefinition = {
  name: 'partners',
  install: () => useFundPartnerLinks({ ensurePartnerServesFund, unlinkFundFromPartners }),
  routes: [routesAt(partnerRoutes, '/api/v1')],
};
