/** The identity-verifications module's public functions and types (issue 35 item 2): other modules import only this file. */
export {
  deletePersonUserImageRows,
  listPersonImagesForStaff,
  removeIdentityImageFiles,
} from './identity-images.service.js';
export { countChecksByStatus } from './identity-verifications.repository.js';
export {
  latestIdentityVerification,
  startIdentityVerification,
  toIdentityVerificationResponse,
} from './identity-verifications.service.js';
