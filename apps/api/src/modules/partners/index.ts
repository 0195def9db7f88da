/**
 * The partners module's public file (issue 35 item 2): partners' names, fund links and API keys as
 * other modules use them, and the one rule of which partner reads a fund's claims.
 */
export { readsClaimsOfFund } from './claim-access.js';
export {
  authenticatePartnerApiKey,
  createApiKey,
  type PartnerIdentity,
  partnerAuditContext,
  revokeApiKey,
} from './partner-api-keys.service.js';
export {
  ensurePartnerServesFund,
  findFundAdministrator,
  lockPartner,
  partnerFundIds,
  partnerNames,
  unlinkFundFromPartners,
} from './partner-directory.service.js';
export { createPartner, findPartner } from './partners.service.js';
