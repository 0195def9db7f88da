/**
 * The partners module's public file (issue 35 item 2): partners' names, fund links and API keys as
 * other modules use them, the one rule of which partner reads a fund's claims, and the demo partner.
 */
export { seedDemoPartnerIfNone } from './demo-partner.js';
export {
  authenticatePartnerApiKey,
  createApiKey,
  type PartnerIdentity,
  partnerAuditContext,
  revokeApiKey,
} from './partner-api-keys.service.js';
export { lockPartner, partnerFundIds, partnerNames } from './partners.repository.js';
export { createPartner, findPartner } from './partners.service.js';
