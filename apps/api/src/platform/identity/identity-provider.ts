import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { IdentityImage } from './identity-images.js';
import { createIidentifiiProvider } from './iidentifii-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';

/** What a provider needs to start an identity check of one person user. */
export interface IdentityCheckRequest {
  personUserId: number;
  /** Full 13-digit SA ID number: for the provider only, never for logs. */
  idNumber: string;
  firstName: string;
  lastName: string;
  /** where the provider sends the person's browser afterwards */
  returnUrl: string;
  /** where the provider POSTs its signed result */
  callbackUrl: string;
}

/** A provider's verified verdict on one check. */
export interface IdentityCheckResult {
  /** The provider's reference of the check (as returned by `createCheck`). */
  reference: string;
  status: 'passed' | 'failed';
  /** Why the check failed, in words the member can read. */
  reason?: string;
}

/**
 * An identity verification provider (DESIGN.md "Outbound channels"): the real one (iidentifii)
 * or the built-in sandbox. Both call back with the same signed protocol (`callback-signature.ts`).
 */
export interface IdentityProvider {
  readonly name: 'sandbox' | 'iidentifii';
  /**
   * Starts a check with the provider; returns its reference and the URL the person opens.
   * @throws AppError('unavailable') when the provider cannot be reached or answers badly
   */
  createCheck(request: IdentityCheckRequest): Promise<{ reference: string; url: string }>;
  /**
   * Verifies a callback's signature over the raw body; returns the result, or throws
   * AppError('unauthenticated', ...) for a bad, missing or stale signature, and
   * AppError('validation', ...) for a correctly signed body that is not a valid callback.
   */
  verifyCallback(rawBody: string, headers: Record<string, string | string[] | undefined>): IdentityCheckResult;
  /**
   * The images a completed check took (selfie, ID document): bytes as the provider keeps them.
   * @throws AppError('unavailable') when the provider cannot be reached or answers badly
   */
  fetchImages(reference: string): Promise<IdentityImage[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one identity provider of this server (`createIdentityProvider`). */
    identityProvider: IdentityProvider;
  }
}

/** Where providers POST their signed results (exempt from the XSRF check in app.ts). */
export const IDENTITY_CALLBACK_PATH = '/api/app/identity-verifications/callback';

/** The absolute callback URL providers are given: `<publicUrl>/api/app/identity-verifications/callback`. */
export function identityCallbackUrl(publicUrl: string): string {
  return `${publicUrl}${IDENTITY_CALLBACK_PATH}`;
}

/**
 * Where the person's browser goes after the check: the app's `/id-verify/{idNumber}` page (spec
 * section 2). Deterministic, so the sandbox can rebuild it without storing it. The URL holds the
 * full ID number (the spec's own path); request logs mask 13-digit runs.
 */
export function identityReturnUrl(publicUrl: string, idNumber: string): string {
  return `${publicUrl}/id-verify/${encodeURIComponent(idNumber)}`;
}

/** Where providers report problems (no ID numbers, secrets or response bodies are logged). */
export type IdentityProviderLogger = Pick<FastifyBaseLogger, 'warn'>;

/**
 * The provider chosen by `config.identity`: iidentifii when configured, otherwise the built-in
 * sandbox (which `loadConfig` refuses in production). Create it once per server.
 * @param config needs `appSecret` for the sandbox (its signing key is derived from it)
 * @param options.logger where the iidentifii adapter logs failed calls (e.g. `app.log`)
 */
export function createIdentityProvider(
  config: Config,
  options: { logger?: IdentityProviderLogger } = {},
): IdentityProvider {
  if (config.identity.provider === 'iidentifii') return createIidentifiiProvider(config.identity, options.logger);
  if (!config.appSecret) throw new Error('config.appSecret is required for the identity sandbox (see ensureAppSecret)');
  return createSandboxProvider({ appSecret: config.appSecret, publicUrl: config.publicUrl });
}
