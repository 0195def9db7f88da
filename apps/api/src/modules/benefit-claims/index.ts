/**
 * The benefit-claims module's public functions and types (issue 35 item 2): other modules reach
 * claims only through this file.
 */
export { type ClaimAnnouncer, markPaidFromStaging } from './claim-moves.service.js';
