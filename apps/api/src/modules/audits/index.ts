/**
 * The audits module's public file (issue 35 item 2): other modules add the audit trail of their
 * entities with `registerAuditTrailRoute`.
 */
export { registerAuditTrailRoute } from './audit-trail.route.js';
