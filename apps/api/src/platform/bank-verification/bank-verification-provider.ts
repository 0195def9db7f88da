import type { Config } from '../../config.js';
import { AppError } from '../errors/app-error.js';
import { BANK_VERIFICATION_UNAVAILABLE_MESSAGE, type BankVerificationProvider } from './bank-verification.js';
import { createSandboxBankVerificationProvider } from './sandbox-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one bank verification provider of this server (`createBankVerificationProvider`). */
    bankVerification: BankVerificationProvider;
  }
}

/** The provider chosen by `config.bankVerification` (the sandbox is refused in production by `loadConfig`). */
export function createBankVerificationProvider(config: Pick<Config, 'bankVerification'>): BankVerificationProvider {
  if (config.bankVerification.provider === 'sandbox') return createSandboxBankVerificationProvider();
  return {
    name: 'none',
    async verify() {
      throw new AppError('unavailable', BANK_VERIFICATION_UNAVAILABLE_MESSAGE);
    },
  };
}
