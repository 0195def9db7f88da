/** The banks module's public functions (issue 35 item 2): other modules import only this file. */
export { findActiveBank, findBanksByIds, listActiveBanks } from './banks.service.js';
