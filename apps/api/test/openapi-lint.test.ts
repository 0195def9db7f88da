import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { createTestApp, type TestApp } from './support/test-app.js';

const CONFIG_DIR = fileURLToPath(new URL('../openapi/', import.meta.url));
const REDOCLY = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

let testApp: TestApp;
let folder: string;
beforeAll(async () => {
  testApp = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await testApp.close();
});

/** `redocly lint` of `document` with apps/api/openapi's configuration and ignore file. */
async function lint(document: string): Promise<{ totals: { errors: number; warnings: number; ignored: number } }> {
  writeFileSync(join(folder, 'openapi.json'), document);
  for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml'])
    copyFileSync(join(CONFIG_DIR, file), join(folder, file));
  const run = promisify(execFile)(process.execPath, [REDOCLY, 'lint', 'openapi.json', '--format=json'], {
    cwd: folder,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  });
  // Exit code 1 on errors: the JSON report is on standard output either way.
  const { stdout } = await run.catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  return JSON.parse(stdout);
}

describe('issue 26: Redocly recommended rules on the served document', () => {
  it(
    'finds no error and no warning but those the ignore file lists with their reasons',
    async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
      const report = await lint(response.body);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      expect(report.totals.ignored).toBeGreaterThan(0);
    },
    scaled(60_000),
  );

  it(
    'fails a document with a problem (the check can fail)',
    async () => {
      const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      delete document.paths['/api/v1/funds'].get.security;
      const report = await lint(JSON.stringify(document));
      expect(report.totals.errors).toBeGreaterThan(0);
    },
    scaled(60_000),
  );
});
