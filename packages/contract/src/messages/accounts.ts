// Plain values, without Zod (decision 036: the member app's catalogs import them; a Zod shape here
// would put Zod in the app's first load).

/** Messages of the accounts calls (sign-up, sign-in, OTP, reset), shown per field or as notices. */
export const ACCOUNT_MESSAGES = {
  phoneNumber: 'Must be a valid phone number.',
  passwordsDiffer: 'Passwords do not match.',
  acceptTerms: 'Please accept the terms to continue.',
  otpFormat: 'Enter the 6 digits of your PIN.',
  signInFailed: 'The ID number, email or password is not correct.',
  otpWrong: 'The PIN is not correct.',
  otpExpired: 'This PIN has expired. Ask for a new one.',
  otpUsedUp: 'Too many wrong PINs. Ask for a new one.',
  otpNotActive: 'This PIN can no longer be used. Ask for a new one.',
  resetTokenInvalid: 'This password reset has expired. Start again.',
  accountExists: 'An account already exists for this ID number. Sign in, or reset your password.',
  noBenefitsForIdNumber: 'We have no benefits recorded for this ID number, so there is nothing to claim yet.',
  emailInUse: 'This email address is used by another account.',
  otpRequired: 'Enter the PIN we sent to your new contact details.',
} as const;
