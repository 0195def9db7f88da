/** The person-banks module's public functions and types (issue 35 item 2): other modules import only this file. */

export { type AccountClaims, useAccountClaims } from './account-claims.js';
export {
  type AccountRow,
  countAccountsAddedBy,
  selectAccount,
  selectAccountsEndingIn,
} from './person-banks.repository.js';
export {
  type AccountForVerification,
  countBankAccountsOfType,
  findAccountForVerification,
  findClaimBankAccount,
  findPersonBank,
  holderNameMatches,
  removeAllPersonBanks,
} from './person-banks.service.js';
export { reencryptStoredSecrets } from './stored-secrets.service.js';
