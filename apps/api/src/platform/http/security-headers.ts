import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers (@fastify/helmet) with a Content Security Policy the web app works under:
 * scripts only from our origin; inline styles allowed because Mantine sets CSS variables inline;
 * nothing may frame us, and we frame only our own pages and `blob:` URLs (a PDF read with the user's
 * token, shown in place by the back office, decision 026); no plugins. `upgrade-insecure-requests` is left out so the app also runs on plain
 * http://localhost. `connectSources`: further origins the pages may fetch from. Every `/api` answer is `Cache-Control: no-store` unless its route says otherwise.
 * Helmet's middleware is built once here and applied to every request (`@fastify/helmet` built it
 * again for each request: about 3% of the anonymous ID search's CPU, issue 22 item 5).
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: { connectSources?: string[] } = {},
): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Plus the bucket's origin when downloads redirect to signed S3 links (decision 031).
        connectSrc: ["'self'", ...(options.connectSources ?? [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // The back office shows claim documents in place: a PDF fetched with the staff token, in a
        // frame of a blob: URL the page made (decision 026). Nothing else is framed.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // Answers under /api carry personal data: no browser or proxy may keep them (issue 13 item 10),
  // unless the route set its own caching.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
