/**
 * The users module's public file (issue 35 item 2): what other modules use of staff users. Other
 * modules import these names from here, never from the module's other files.
 */
export { seedDemoStaffIfNone } from './bootstrap.service.js';
export { sendPasswordLink } from './password-link.service.js';
export { listStaffUserNames, staffUserNames } from './staff-directory.service.js';
export {
  clearFailedSignIns,
  countFailedSignIn,
  isActiveStaffUser,
  recordStaffSignIn,
  setStaffPasswordHash,
  staffUsersByIds,
} from './users.repository.js';
export {
  describeStaffMe,
  findStaffUserByEmail,
  findStaffUserById,
  type StaffUserRecord,
  staffOtpDestination,
} from './users.service.js';
