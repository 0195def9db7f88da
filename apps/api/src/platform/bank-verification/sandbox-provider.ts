import { randomBytes } from 'node:crypto';
import { AppError } from '../errors/app-error.js';
import {
  BANK_VERIFICATION_UNAVAILABLE_MESSAGE,
  type BankVerificationChecks,
  type BankVerificationProvider,
  type BankVerificationRequest,
} from './bank-verification.js';

const ALL_PASS: BankVerificationChecks = {
  accountExists: true,
  accountOpen: true,
  idNumberMatches: true,
  initialsMatch: true,
  surnameMatches: true,
  acceptsCredits: true,
  openAtLeastThreeMonths: true,
};

/**
 * The sandbox's outcomes, chosen by the account number's last digit (documented in the README and
 * decision 025), so tests and demos can pick one: 0 to 3 every check passes; 4 the account does
 * not exist (nothing else known); 5 closed; 6 the ID number does not match; 7 initials and surname
 * do not match; 8 does not accept credits; 9 open less than 3 months. An account number ending in
 * `000` makes the provider unavailable (503).
 */
export function sandboxOutcome(accountNumber: string): BankVerificationChecks {
  switch (accountNumber.at(-1)) {
    case '4':
      return {
        accountExists: false,
        accountOpen: null,
        idNumberMatches: null,
        initialsMatch: null,
        surnameMatches: null,
        acceptsCredits: null,
        openAtLeastThreeMonths: null,
      };
    case '5':
      return { ...ALL_PASS, accountOpen: false, acceptsCredits: false };
    case '6':
      return { ...ALL_PASS, idNumberMatches: false };
    case '7':
      return { ...ALL_PASS, initialsMatch: false, surnameMatches: false };
    case '8':
      return { ...ALL_PASS, acceptsCredits: false };
    case '9':
      return { ...ALL_PASS, openAtLeastThreeMonths: false };
    default:
      return { ...ALL_PASS };
  }
}

/** The built-in sandbox AVS provider (development and tests; `loadConfig` refuses it in production). */
export function createSandboxBankVerificationProvider(): BankVerificationProvider {
  return {
    name: 'sandbox',
    async verify(request: BankVerificationRequest) {
      if (request.accountNumber.endsWith('000'))
        throw new AppError('unavailable', BANK_VERIFICATION_UNAVAILABLE_MESSAGE, undefined, {
          code: 'bank_verification_unavailable',
        });
      return {
        reference: `avs-${randomBytes(9).toString('base64url')}`,
        checks: sandboxOutcome(request.accountNumber),
      };
    },
  };
}
