/**
 * The account-changes module's public functions (issue 35 item 2): changes of a member account that
 * reach other domains (closing it removes devices, notifications, identity images and bank
 * accounts; a new contact re-evaluates claims' risk). Apart from person-users so that person-users
 * imports none of those modules (no import cycles).
 */
export { closeMemberAccount } from './close-account.service.js';
export { type TwoFactorMethodResult, updateTwoFactorMethod } from './two-factor-method.service.js';
