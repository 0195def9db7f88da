/** The person-users module's public functions and types (issue 35 item 2): other modules import only this file. */
export { getBenefitUserForStaff } from './admin-person-users.service.js';
export { closeMemberAccount } from './close-account.service.js';
export { memberNames } from './member-directory.service.js';
export {
  findMessagePreferences,
  findPersonUserById,
  findPersonUserByIdentifier,
  findPersonUserProfile,
  type MessagePreferences,
  markIdentityVerified,
  type PersonUserProfile,
  type PersonUserRecord,
  requireIdentityVerified,
  toPendingPersonUserResponse,
  toPersonUserResponse,
  twoFactorDestination,
} from './person-users.service.js';
