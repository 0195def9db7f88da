import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, type TestApp } from './support/test-app.js';

// Issue 14 items 7 and 9: precompressed static files, compressed API answers, no public source
// maps in production, and the web app manifest with its icons.
const WEB_PUBLIC = fileURLToPath(new URL('../../web/public', import.meta.url));
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(400))});`;
const PUBLIC_FILES = ['manifest.webmanifest', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png', 'offline.html'];

/** A build output like `vite build` writes it: files, their `.br`/`.gz` copies, hidden source maps. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'bcp-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Benefit Finder</title><div id="root"></div>');
  for (const name of PUBLIC_FILES) copyFileSync(join(WEB_PUBLIC, name), join(dist, name));
  const script = join(dist, 'assets', 'index-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(`${script}.map`, JSON.stringify({ version: 3, sources: ['src/main.tsx'], mappings: '' }));
  return dist;
}

/** `GET url` from `testApp` with `accept-encoding: acceptEncoding` (none when omitted). */
function get(testApp: TestApp, url: string, acceptEncoding?: string) {
  const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  return testApp.app.inject({ method: 'GET', url, headers });
}

let production: TestApp;
let development: TestApp;
beforeAll(async () => {
  const dist = fakeBuild();
  production = await createTestApp({ env: { ...PRODUCTION_ENV, WEB_DIST_DIR: dist } });
  development = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await production?.close();
  await development?.close();
});

describe('static files go out precompressed', () => {
  it('sends the brotli copy when brotli is accepted', async () => {
    const response = await get(production, '/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const response = await get(production, '/assets/index-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is when no encoding is accepted', async () => {
    const response = await get(production, '/assets/index-abc123.js', 'identity');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });
});

describe('source maps', () => {
  it('are not served in production, in any encoding', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.map.br']) {
      const response = await get(production, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
  });

  it('are served outside production, for debugging', async () => {
    const response = await get(development, '/assets/index-abc123.js.map');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ version: 3 });
  });
});

describe('API answers', () => {
  it('are compressed when large enough and the client accepts it', async () => {
    const brotli = await get(production, '/api/openapi.json', 'br, gzip');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(brotli.rawPayload).toString());
    expect(document.openapi).toMatch(/^3\./);

    const gzip = await get(production, '/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);
    expect(gzip.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 3);
  });

  it('are sent plain when the client accepts no compression', async () => {
    const response = await get(production, '/api/openapi.json');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().openapi).toMatch(/^3\./);
  });

  it('are sent plain when too small to gain from it', async () => {
    const response = await get(production, '/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toBeTruthy();
  });
});

describe('installable: the web app manifest', () => {
  it('is served as a manifest with name, start URL, standalone display and icons of 192 and 512 px', async () => {
    const response = await get(production, '/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json();
    expect(manifest).toMatchObject({ name: 'Benefit Finder', start_url: './', display: 'standalone' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true);
  });

  it('names icons that are served as PNG images of the sizes it states', async () => {
    const manifest = JSON.parse(readFileSync(join(WEB_PUBLIC, 'manifest.webmanifest'), 'utf8'));
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const response = await get(production, `/${icon.src}`);
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe(icon.type);
      const { width, height } = imageSize(response.rawPayload);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('comes with the offline page the service worker shows without a connection', async () => {
    const response = await get(production, '/offline.html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>You are offline</h1>');
  });
});
