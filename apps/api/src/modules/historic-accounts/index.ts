/** The historic-accounts module's public functions (issue 35 item 2): other modules import only this file. */
export { listHistoricAccounts } from './historic-accounts.service.js';
