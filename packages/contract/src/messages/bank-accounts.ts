/**
 * Messages of the bank account calls.
 * Plain values, no Zod: the app imports them and its bundle leaves the schemas out
 * (`sideEffects: false` in package.json lets the bundler drop modules whose exports are unused).
 */
import { ACCOUNT_NUMBER_LENGTH } from '../banks.js';

/** Messages of the bank account calls (issue 4 "Bank account"). */
export const BANK_ACCOUNT_MESSAGES = {
  accountNumber: `Enter the account number: ${ACCOUNT_NUMBER_LENGTH.min} to ${ACCOUNT_NUMBER_LENGTH.max} digits.`,
  bankUnknown: 'Choose your bank from the list.',
  accountType: 'Choose the account type.',
  holderName: 'Enter the name the account is in: 2 to 100 characters.',
  notOwnAccount: 'The account must be in your own name: the holder name must include your surname.',
  otpRequired: 'This account is used by a submitted claim. Enter the PIN we sent you to confirm the change.',
  otpSent: 'We sent you a PIN to confirm the change.',
  notFound: 'Bank account not found.',
  inUse: 'This account is used by a claim that is not finished, so it cannot be removed.',
} as const;
