/** The banks members may choose: reads of the `banks` table live in banks.repository.ts. */
export { findActiveBank, findBanksByIds, listActiveBanks } from './banks.repository.js';
