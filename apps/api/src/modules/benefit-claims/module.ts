import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { startAccountClaims } from './account-claims.service.js';
import { adminClaimDecisionRoutes } from './admin.routes.js';
import { benefitClaimRoutes } from './app.routes.js';
import { claimAssignmentRoutes } from './claim-assignment.routes.js';
import { partnerClaimRoutes } from './partner.routes.js';
import { staffClaimRoutes } from './staff-claims.routes.js';

/** The benefit-claims module's registration (issue 35 item 4): Benefit claims: the back office's claims list, review, decisions and assignment, the partner API (issue 9) and the member's claim. */
export const benefitClaimsModule: ModuleDefinition = {
  name: 'benefit-claims',
  install: () => startAccountClaims(),
  routes: [
    routesAt(staffClaimRoutes, '/api/v1'),
    routesAt(adminClaimDecisionRoutes, '/api/v1'),
    routesAt(claimAssignmentRoutes, '/api/v1'),
    routesAt(partnerClaimRoutes, '/api/v2'),
    routesAt(benefitClaimRoutes, '/api/app'),
  ],
};
