import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True for a browser navigation the single-page app should answer: GET/HEAD, not `/api`, no file extension. */
export function isAppRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** True for a source map (`x.js.map`), also asked for in a compressed form (`x.js.map.br`). */
function isSourceMap(path: string): boolean {
  return /\.map(\.(br|gz))?$/.test(path);
}

export interface WebAppOptions {
  /** Serve the build's `.map` files (development); in production they are not served (issue 14 item 7). */
  sourceMaps: boolean;
}

/**
 * Serves the built web app from `root` (one server in production): hashed files under `/assets/`
 * are cached immutably, everything else revalidates. Files are sent as the build precompressed them
 * (`x.br`, `x.gz` next to `x`; brotli first, then gzip, by `accept-encoding`, with
 * `vary: accept-encoding`). Source maps are not served unless `options.sourceMaps`. Returns a
 * fallback that answers app routes with `index.html`, or `undefined` when no build is present
 * (development runs Vite separately).
 */
export async function installWebApp(
  app: FastifyInstance,
  root: string,
  options: WebAppOptions,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined> {
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app build not found; serving the API only');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    allowedPath: (path) => options.sourceMaps || !isSourceMap(path),
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes(`${join(root, 'assets')}`) ? IMMUTABLE : 'no-cache');
    },
  });
  return (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
}
