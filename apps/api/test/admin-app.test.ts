import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, type TestApp } from './support/test-app.js';

// Issue 19: the back office is a second app, served by the same server at /admin, with the same
// headers, precompressed files and single-page fallback as the member app at /.
const SCRIPT = `console.log(${JSON.stringify('the back office '.repeat(200))});`;

/** A build output of each app as `vite build` writes it. */
function fakeBuild(title: string, base: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'bcp-app-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>${title}</title><script src="${base}assets/x.js">`);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
  return dist;
}

let testApp: TestApp;
let production: TestApp;
beforeAll(async () => {
  const env = { WEB_DIST_DIR: fakeBuild('Benefit Finder', '/'), ADMIN_DIST_DIR: fakeBuild('Back office', '/admin/') };
  testApp = await createTestApp({ env });
  production = await createTestApp({ env: { ...PRODUCTION_ENV, ...env } });
});
afterAll(async () => {
  await testApp?.close();
  await production?.close();
});

describe('the back office at /admin', () => {
  it.each(['/admin', '/admin/', '/admin/sign-in', '/admin/reset-password/abc123', '/admin/set-up/funds/7'])(
    'answers the page %s with the back office index.html, revalidated, with the security headers',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Back office</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')).toBeDefined();
    },
  );

  it('keeps the member app at / and its pages', async () => {
    for (const url of ['/', '/auth/search', '/administrator']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Benefit Finder</title>');
    }
  });

  it('serves its hashed files immutably, precompressed', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/admin/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Publicly cached: no one's XSRF cookie rides on it.
    expect(response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('answers a missing file under /admin with 404, not with the app', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/admin/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('does not serve source maps in production', async () => {
    const response = await production.app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js.map' });
    expect(response.statusCode).toBe(404);
    const page = await production.app.inject({ method: 'GET', url: '/admin/funds' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Back office</title>');
  });

  it('leaves the API under /api/v1 as it is', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/users' });
    expect(response.statusCode).toBe(401);
  });
});
