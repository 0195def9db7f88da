/** The outreach module's public functions (issue 35 item 2: other modules import only this file). */
export { outreachFunnel } from './funnel.service.js';
export { listInvitations } from './invitation-list.service.js';
export { queueInvitationsOfActiveFunds, sendInvitations, startInvitations } from './invitations.service.js';
export { optOutByLink, optOutUrl, recordSmsReply } from './opt-outs.service.js';
