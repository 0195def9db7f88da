import type { Config } from '../../config.js';
import { AppError } from '../errors/app-error.js';
import {
  BANK_VERIFICATION_UNAVAILABLE_MESSAGE,
  type BankVerificationLogger,
  type BankVerificationProvider,
} from './bank-verification.js';
import { createSandboxBankVerificationProvider } from './sandbox-provider.js';
import { createStitchBankVerificationProvider } from './stitch-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one bank verification provider of this server (`createBankVerificationProvider`). */
    bankVerification: BankVerificationProvider;
  }
}

/**
 * The provider chosen by `config.bankVerification`: the sandbox (refused in production by
 * `loadConfig`), Stitch (decision 056) or none, whose verifications answer 503.
 * @param options.logger where the Stitch adapter logs failed calls (e.g. `app.log`)
 */
export function createBankVerificationProvider(
  config: Pick<Config, 'bankVerification'>,
  options: { logger?: BankVerificationLogger } = {},
): BankVerificationProvider {
  const settings = config.bankVerification;
  if (settings.provider === 'sandbox') return createSandboxBankVerificationProvider();
  if (settings.provider === 'stitch') return createStitchBankVerificationProvider(settings.stitch, options.logger);
  return {
    name: 'none',
    async verify() {
      throw new AppError('unavailable', BANK_VERIFICATION_UNAVAILABLE_MESSAGE, undefined, {
        code: 'bank_verification_unavailable',
      });
    },
  };
}
