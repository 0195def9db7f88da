/** The beneficiary-sessions module's public functions (issue 35 item 2): other modules import only this file. */
export { sendPasswordResetPinForStaff } from './password-reset.service.js';
export { MAX_CONSECUTIVE_FAILED_SIGN_INS } from './sign-in.service.js';
