import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests: the built product (`npm run build`) served by the real server on an empty
 * embedded database, driven in Debian's Chromium.
 */
const port = Number(process.env.E2E_PORT ?? 4310);
const scratch = mkdtempSync(join(tmpdir(), 'bcp-e2e-'));
// Chromium writes its caches and crash reports here, not in the home folder.
process.env.XDG_CONFIG_HOME = join(scratch, 'config');
process.env.XDG_CACHE_HOME = join(scratch, 'cache');

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // With TEST_REPORT_DIR set (CI), results are also written as JSON for the run's closing summary.
  reporter: process.env.TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: join(process.env.TEST_REPORT_DIR, 'playwright.json') }]]
    : [['list']],
  outputDir: join(scratch, 'results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node apps/api/dist/main.js',
    cwd: resolve(import.meta.dirname, '../..'),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(scratch, 'data'),
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Members set up through the API name their own address (support.ts memberViaApi).
      TRUST_PROXY: 'true',
    },
  },
});
