import { ErrorResponse, IdentityCallbackRequest, IdentityCallbackResponse } from '@bcp/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifyIdentityVerified } from '../notifications/index.js';
import { recordIdentityResult } from './identity-verifications.service.js';

/**
 * The body is verified as raw text (the signature covers its exact bytes) and only then parsed, by
 * the provider's `verifyCallback`: the declared body schema documents it, this validator lets it pass.
 */
const rawBodyValidator: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

/**
 * The identity provider's callback, under prefix `/api/app` (needs `app.identityProvider`):
 * `POST /api/app/identity-verifications/callback` with a signed `IdentityCallbackRequest`.
 * 200 `{ received: true }` for a valid callback (also a replay); 401 for a missing, bad or stale
 * `X-Signature`; 404 for an unknown reference; 422 for a signed body that is not a valid callback.
 */
export const identityVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.identityProvider;
  if (!provider) throw new Error('identityVerificationRoutes needs app.identityProvider (createIdentityProvider)');

  // Only in this plugin's scope: JSON stays a string, so the signature is checked over the exact bytes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/identity-verifications/callback',
    {
      config: { access: 'public' },
      validatorCompiler: rawBodyValidator,
      schema: {
        operationId: 'receiveIdentityCheckResult',
        summary: "Identity provider's signed result of a check",
        description:
          'Called by the identity provider (or the built-in sandbox), not by the app. Header ' +
          '`X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`; signatures older than ' +
          '5 minutes are refused. Idempotent: a replay answers 200 and changes nothing.',
        tags: ['identity'],
        body: IdentityCallbackRequest,
        response: { 200: IdentityCallbackResponse, 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const result = provider.verifyCallback(rawBody, request.headers);
      const recorded = await recordIdentityResult(app.db, result, provider.name);
      const log = { provider: provider.name, personUserId: recorded.personUserId, status: result.status };
      if (recorded.changed) request.log.info(log, 'identity check completed');
      if (recorded.changed && recorded.status === 'passed') await notifyIdentityVerified(app, recorded.personUserId);
      else if (recorded.status !== result.status) {
        request.log.warn(
          { ...log, keptStatus: recorded.status },
          'identity check result differs from the one kept; ignored',
        );
      } else request.log.info(log, 'identity check result replayed; nothing changed');
      return { received: true as const };
    },
  );
};
