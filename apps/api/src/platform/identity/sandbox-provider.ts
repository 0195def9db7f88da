import { createHmac, randomBytes } from 'node:crypto';
import { signCallbackBody, verifySignedCallback } from './callback-signature.js';
import type { IdentityCheckRequest, IdentityCheckResult, IdentityProvider } from './identity-provider.js';

/** The sandbox's own pages live under this path (exempt from the XSRF check in app.ts). */
export const IDENTITY_SANDBOX_PATH = '/api/identity-sandbox';

/** A 1 x 1 PNG: the sandbox's stand-in for the images a check takes. */
const SANDBOX_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The built-in sandbox provider (development and tests; `loadConfig` refuses it in production).
 * It keeps nothing of its own: its check page (`sandbox.routes.ts`) finds the check in our
 * `identity_verifications` table, and calls back over HTTP exactly as a provider would.
 */
export interface SandboxIdentityProvider extends IdentityProvider {
  readonly name: 'sandbox';
  /** The `X-Signature` header value for `rawBody`, signed with the sandbox key at `now`. */
  signCallback(rawBody: string, now?: Date): string;
  /** The sandbox page of a check: `<publicUrl>/api/identity-sandbox/checks/<reference>`. */
  checkUrl(reference: string): string;
}

/** True when `provider` is the built-in sandbox. */
export function isSandboxProvider(provider: IdentityProvider): provider is SandboxIdentityProvider {
  return provider.name === 'sandbox';
}

/**
 * The sandbox's signing key: HMAC-SHA256 of the label `identity-sandbox` under the app secret, so
 * it is stable across restarts and never equal to the app secret itself.
 */
export function deriveSandboxKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('identity-sandbox').digest();
}

/**
 * Creates the sandbox provider.
 * @param options.appSecret the server's `config.appSecret` (the signing key is derived from it)
 * @param options.publicUrl the server's `config.publicUrl` (check pages are served there)
 */
export function createSandboxProvider(options: { appSecret: string; publicUrl: string }): SandboxIdentityProvider {
  const key = deriveSandboxKey(options.appSecret);
  const checkUrl = (reference: string) =>
    `${options.publicUrl}${IDENTITY_SANDBOX_PATH}/checks/${encodeURIComponent(reference)}`;
  return {
    name: 'sandbox',
    async createCheck(_request: IdentityCheckRequest) {
      // 144 random bits: the reference is also the only secret of the sandbox page's address.
      const reference = randomBytes(18).toString('base64url');
      return { reference, url: checkUrl(reference) };
    },
    verifyCallback(rawBody: string, headers: Record<string, string | string[] | undefined>): IdentityCheckResult {
      return verifySignedCallback(key, rawBody, headers);
    },
    // Two small PNGs for every check (a real provider gives the selfie and the ID document taken).
    async fetchImages(_reference: string) {
      return [
        { kind: 'selfie', content: SANDBOX_IMAGE },
        { kind: 'id-document', content: SANDBOX_IMAGE },
      ];
    },
    signCallback: (rawBody: string, now?: Date) => signCallbackBody(key, rawBody, now),
    checkUrl,
  };
}
