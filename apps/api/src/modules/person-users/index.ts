/** The person-users module's public functions and types (issue 35 item 2): other modules import only this file. */
export { findPersonUserOfPerson, getBenefitUserForStaff } from './admin-person-users.service.js';
export { memberNames } from './member-directory.service.js';
export { ownPersonUserId, PersonUserIdParams } from './own-person-user.js';
export {
  clearFailedSignIns,
  findMessagePreferences,
  findPersonUserById,
  findPersonUserByIdentifier,
  findPersonUserProfile,
  isEmailTaken,
  lockPersonUser,
  type MessagePreferences,
  markContactProven,
  markIdentityVerified,
  markPersonUserClosed,
  messageChannelOfPersonUser,
  type PersonUserProfile,
  type PersonUserRecord,
  recordFailedSignIn,
  requireIdentityVerified,
  setPersonUserPassword,
  setTwoFactorContact,
  toPendingPersonUserResponse,
  toPersonUserResponse,
  twoFactorDestination,
} from './person-users.service.js';
