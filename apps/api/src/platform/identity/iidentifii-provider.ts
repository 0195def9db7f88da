import { z } from 'zod';
import type { IdentityProviderConfig } from '../../config.js';
import { AppError } from '../errors/app-error.js';
import { toLoggableError } from '../logging/loggable-error.js';
import { verifySignedCallback } from './callback-signature.js';
import { IDENTITY_IMAGE_MAX_BYTES } from './identity-images.js';
import type {
  IdentityCheckRequest,
  IdentityCheckResult,
  IdentityProvider,
  IdentityProviderLogger,
} from './identity-provider.js';

/** Message of the 503 when the provider cannot be reached or answers badly. */
export const IDENTITY_SERVICE_UNAVAILABLE_MESSAGE =
  'The identity check service is not available. Please try again later.';

/** How long one call to the provider may take, in milliseconds. */
export const IIDENTIFII_TIMEOUT_MS = 10_000;

/**
 * The provider's answer to `POST /verifications`.
 *
 * NOTE: this request and answer shape (`POST <baseUrl>/verifications` with a bearer API key,
 * `{ externalReference, idNumber, firstName, lastName, returnUrl, callbackUrl }` in, `{ id, url }`
 * out) and the callback protocol (`callback-signature.ts`) are our assumption of the provider's API.
 * They must be checked against the provider's API documentation when the contract is signed, and
 * this adapter adjusted: nothing outside this file depends on the provider's wire format.
 */
const CreateVerificationResponse = z.object({
  id: z.union([z.string().min(1).max(200), z.number().int()]).transform(String),
  url: z.url({ protocol: /^https?$/ }),
});

/**
 * The provider's answer to `GET /verifications/{id}/images` (our assumption, as above): each image
 * base64 in `data`.
 */
const VerificationImagesResponse = z.object({
  images: z
    .array(
      z.object({
        kind: z.string().min(1).max(40),
        data: z.base64().max(Math.ceil((IDENTITY_IMAGE_MAX_BYTES * 4) / 3) + 4),
      }),
    )
    .max(10),
});

type IidentifiiSettings = Extract<IdentityProviderConfig, { provider: 'iidentifii' }>;

/**
 * The real provider adapter (iidentifii), configured by `IIDENTIFII_BASE_URL`,
 * `IIDENTIFII_API_KEY` and `IIDENTIFII_CALLBACK_SECRET`.
 * @param settings `config.identity` when its provider is `iidentifii`
 * @param logger where failed calls are logged (status or network error only: never the body, which may hold personal data)
 */
export function createIidentifiiProvider(
  settings: IidentifiiSettings,
  logger?: IdentityProviderLogger,
): IdentityProvider {
  // Without trailing slashes (a loop: a pattern anchored at the end backtracks on each slash).
  let baseUrl = settings.baseUrl;
  while (baseUrl.endsWith('/')) baseUrl = baseUrl.slice(0, -1);
  const unavailable = () =>
    new AppError('unavailable', IDENTITY_SERVICE_UNAVAILABLE_MESSAGE, undefined, {
      code: 'identity_service_unavailable',
    });
  /**
   * One call to the provider: its JSON answer parsed by `schema`. Unreachable, refused (non-2xx) or
   * unexpected answers are logged (status or network error only) and thrown as `unavailable`.
   */
  async function callProvider<T>(
    path: string,
    init: RequestInit,
    schema: z.ZodType<T>,
    refusedMessage: string,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${settings.apiKey}`, accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(IIDENTIFII_TIMEOUT_MS),
      });
    } catch (error) {
      logger?.warn({ provider: 'iidentifii', error: toLoggableError(error) }, 'identity provider unreachable');
      throw unavailable();
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      logger?.warn({ provider: 'iidentifii', status: response.status }, refusedMessage);
      throw unavailable();
    }
    try {
      return schema.parse(await response.json());
    } catch {
      logger?.warn(
        { provider: 'iidentifii', status: response.status },
        'identity provider answered an unexpected shape',
      );
      throw unavailable();
    }
  }
  return {
    name: 'iidentifii',
    async createCheck(request: IdentityCheckRequest) {
      const parsed = await callProvider(
        '/verifications',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            // Our own reference of the person user; the provider echoes it in its records.
            externalReference: String(request.personUserId),
            idNumber: request.idNumber,
            firstName: request.firstName,
            lastName: request.lastName,
            returnUrl: request.returnUrl,
            callbackUrl: request.callbackUrl,
          }),
        },
        CreateVerificationResponse,
        'identity provider refused to start a check',
      );
      return { reference: parsed.id, url: parsed.url };
    },
    verifyCallback(rawBody: string, headers: Record<string, string | string[] | undefined>): IdentityCheckResult {
      return verifySignedCallback(settings.callbackSecret, rawBody, headers);
    },
    async fetchImages(reference: string) {
      const parsed = await callProvider(
        `/verifications/${encodeURIComponent(reference)}/images`,
        {},
        VerificationImagesResponse,
        'identity provider refused the images',
      );
      return parsed.images.map((image) => ({ kind: image.kind, content: Buffer.from(image.data, 'base64') }));
    },
  };
}
