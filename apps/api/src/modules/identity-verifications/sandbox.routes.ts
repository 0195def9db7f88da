import { ERROR_CODES, type ErrorCode, ErrorResponse } from '@bcp/contract';
import negotiate from '@fastify/accept-negotiator';
import formbody from '@fastify/formbody';
import escapeHtml from 'escape-html';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, sendErrorBody } from '../../platform/errors/error-body.js';
import { identityCallbackUrl, identityReturnUrl } from '../../platform/identity/identity-provider.js';
import { isSandboxProvider } from '../../platform/identity/sandbox-provider.js';
import { toLoggableError } from '../../platform/logging/loggable-error.js';
import { findPersonUserProfile } from '../person-users/index.js';
import { findIdentityCheck } from './identity-verifications.service.js';

/**
 * How long the sandbox waits for our own callback endpoint, in milliseconds: 30 s, as identity
 * providers' webhooks commonly do (10 s ran out on a development machine at load 30, issue 41).
 */
const CALLBACK_TIMEOUT_MS = 30_000;

/** The reason the sandbox gives when the person chooses to fail the check. */
export const SANDBOX_FAILURE_REASON = 'The identity check was failed in the sandbox.';

/** A complete, small page: no script at all (the CSP forbids inline script), inline styles only. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #1b1b1b;">
<p style="background: #fff4ce; border: 1px solid #e0c45c; padding: 0.5rem 0.75rem; border-radius: 4px; font-size: 0.9rem;">Sandbox: no real identity check happens here. This page stands in for the identity provider in development and tests.</p>
${body}
</body>
</html>
`;
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page(title, body));
}

/**
 * Whether the client asked for a page: a browser navigating here sends `Accept: text/html,…`.
 * Anything else (no Accept header, a wildcard, `application/json`) gets the API error shape instead.
 */
function wantsPage(reply: FastifyReply): boolean {
  const accept = reply.request.headers.accept;
  return typeof accept === 'string' && negotiate(accept, ['application/json', 'text/html']) === 'text/html';
}

/** An error answer: a small page for a browser, otherwise `ErrorResponse` like every other route (decision 059). */
function sendMessage(reply: FastifyReply, code: ErrorCode, title: string, message: string) {
  const status = ERROR_CODES[code].status;
  if (!wantsPage(reply)) {
    return sendErrorBody(reply.request, reply.header('cache-control', 'no-store'), errorBody(code, message));
  }
  return sendPage(reply, status, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

/** An error answer: a page for browsers (`text/html`), `ErrorResponse` for everything else. */
const pageOrError = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() }, 'application/json': { schema: ErrorResponse } },
});

/** A fresh instance per route: a schema object shared by two routes would be emitted as a $ref, which `@fastify/swagger` cannot resolve for params. */
const checkParams = () => z.object({ reference: z.string().min(1).max(200) });

const SANDBOX_TAGS = ['identity sandbox'];

/**
 * The built-in identity sandbox's pages, under prefix `/api` (needs `app.identityProvider`; adds
 * nothing when it is not the sandbox):
 * - `GET /api/identity-sandbox/checks/:reference`: the check page (the person's first name and the
 *   last 4 digits of their ID number only) with "Pass the check" and "Fail the check";
 * - `POST /api/identity-sandbox/checks/:reference` (form `outcome=pass|fail`): signs the result and
 *   POSTs it over HTTP to `<publicUrl>/api/app/identity-verifications/callback`, exactly as a
 *   provider would, then sends the browser (303) to the app's `/id-verify/{idNumber}` page.
 * Unknown references answer 404, completed checks 409, an undelivered callback 502: a page when the
 * client accepts `text/html` (a browser), otherwise `ErrorResponse` (issue 13: one error shape).
 */
export const identitySandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.identityProvider;
  if (!provider) throw new Error('identitySandboxRoutes needs app.identityProvider (createIdentityProvider)');
  if (!isSandboxProvider(provider)) return;
  const sandbox = provider;

  // Only in this plugin's scope: the check page's form posts application/x-www-form-urlencoded.
  await app.register(formbody);

  /** The pending check and its person, or a page already sent for an unknown or completed one. */
  async function loadPendingCheck(reference: string, reply: FastifyReply) {
    const check = await findIdentityCheck(app.db, 'sandbox', reference);
    const profile = check ? await findPersonUserProfile(app.db, check.personUserId) : undefined;
    if (!check || !profile) {
      await sendMessage(reply, 'not_found', 'Identity check not found', 'There is no identity check at this address.');
      return undefined;
    }
    if (check.status !== 'pending') {
      await sendMessage(
        reply,
        'conflict',
        'Identity check already completed',
        `This identity check has already ${check.status}. Go back to the app to continue.`,
      );
      return undefined;
    }
    return { check, profile };
  }

  app.get(
    '/identity-sandbox/checks/:reference',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSandboxCheck',
        summary: 'Identity sandbox: the check page (development and tests only)',
        tags: SANDBOX_TAGS,
        params: checkParams(),
        response: {
          200: html('The check page'),
          404: pageOrError('No such check'),
          409: pageOrError('Check already completed'),
        },
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      const found = await loadPendingCheck(reference, reply);
      if (!found) return reply;
      const { profile } = found;
      const action = `/api/identity-sandbox/checks/${encodeURIComponent(reference)}`;
      const button =
        'font: inherit; padding: 0.6rem 1.2rem; margin: 0 0.5rem 0.5rem 0; border-radius: 4px; cursor: pointer;';
      return sendPage(
        reply,
        200,
        'Identity check (sandbox)',
        `<h1>Identity check (sandbox)</h1>
<p>Hello ${escapeHtml(profile.firstName)}.</p>
<p>We are checking the identity of the person with the ID number ending in <strong>${escapeHtml(profile.idNumber.slice(-4))}</strong>.</p>
<p>Choose the outcome the identity provider should report:</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="outcome" value="pass" style="${button} background: #2b7a3a; color: #fff; border: 1px solid #2b7a3a;">Pass the check</button>
<button type="submit" name="outcome" value="fail" style="${button} background: #fff; color: #c92a2a; border: 1px solid #c92a2a;">Fail the check</button>
</form>`,
      );
    },
  );

  app.post(
    '/identity-sandbox/checks/:reference',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'completeSandboxCheck',
        summary: "Identity sandbox: report the check's outcome (development and tests only)",
        description:
          'Signs the outcome and POSTs it to the identity callback over HTTP, as a provider would, then ' +
          "redirects (303) to the app's /id-verify/{idNumber} page.",
        tags: SANDBOX_TAGS,
        params: checkParams(),
        body: z.object({ outcome: z.enum(['pass', 'fail']) }),
        response: {
          303: z.null().describe('Redirect to the app'),
          404: pageOrError('No such check'),
          409: pageOrError('Check already completed'),
          502: pageOrError('The callback could not be delivered'),
        },
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      const found = await loadPendingCheck(reference, reply);
      if (!found) return reply;
      const passed = request.body.outcome === 'pass';
      const rawBody = JSON.stringify({
        reference,
        status: passed ? 'passed' : 'failed',
        ...(passed ? {} : { reason: SANDBOX_FAILURE_REASON }),
        timestamp: new Date().toISOString(),
      });
      let deliveredStatus: number | undefined;
      try {
        const response = await fetch(identityCallbackUrl(app.config.publicUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': sandbox.signCallback(rawBody) },
          body: rawBody,
          signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
        });
        await response.body?.cancel().catch(() => undefined);
        deliveredStatus = response.status;
      } catch (error) {
        request.log.warn({ error: toLoggableError(error) }, 'identity sandbox could not deliver its callback');
      }
      if (deliveredStatus === undefined || deliveredStatus < 200 || deliveredStatus >= 300) {
        if (deliveredStatus !== undefined) {
          request.log.warn({ status: deliveredStatus }, 'identity callback refused the sandbox result');
        }
        return sendMessage(
          reply,
          'identity_result_not_delivered',
          'Result not delivered',
          `The sandbox could not deliver the result to ${identityCallbackUrl(app.config.publicUrl)}` +
            `${deliveredStatus === undefined ? '' : ` (it answered ${deliveredStatus})`}. Check PUBLIC_URL and try again.`,
        );
      }
      return reply.redirect(identityReturnUrl(app.config.publicUrl, found.profile.idNumber), 303);
    },
  );
};
