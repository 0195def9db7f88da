import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'bcp-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Benefit Finder</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  testApp = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => testApp.close());

describe('one server in production: API and web app on one port', () => {
  it.each(['/', '/auth/search', '/search-complete/2/8001015009087', '/benefit/steps?benefitId=3', '/no/such/page'])(
    'answers the app route %s with index.html, revalidated',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('never falls back to index.html under /api', async () => {
    for (const url of ['/api', '/api/', '/api/app/unknown']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
  });

  it('caches hashed assets immutably and other files with revalidation', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not with the app', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('sets the XSRF cookie on the page itself, so the app has it before its first change', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/auth/search' });
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeDefined();
  });
});
