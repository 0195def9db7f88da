import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { scaled } from '../../scripts/lib/time-scale.mjs';

/**
 * Browser tests: the built product (`npm run build`) served by the real server on an empty
 * embedded database, driven in Debian's Chromium.
 *
 * Port: `E2E_PORT` when set, otherwise a free one, so two checkouts can run their browser tests at
 * once. Playwright loads this file in its runner and again in each worker: the first load picks
 * the port and the scratch folder and puts them in the environment the workers inherit, so the
 * server (webServer) and the tests agree. The runner removes the scratch folder (database,
 * Chromium's caches) when it exits.
 */
process.env.E2E_PORT ||= String(freePort());
process.env.E2E_SCRATCH_DIR ||= createScratchDir();
const port = Number(process.env.E2E_PORT);
const scratch = process.env.E2E_SCRATCH_DIR;
// Chromium writes its caches and crash reports here, not in the home folder; Playwright and the
// browser put their temp files (profiles, downloads) here too, so the runner's exit removes them.
process.env.XDG_CONFIG_HOME = join(scratch, 'config');
process.env.XDG_CACHE_HOME = join(scratch, 'cache');
process.env.TMPDIR = join(scratch, 'tmp');
mkdirSync(process.env.TMPDIR, { recursive: true });

// Timeouts grow with the machine's load (issue 41 item 1): the factor is measured here on the
// first load, or taken from TEST_TIME_SCALE (`npm test` measures it at the start of the run), and
// the workers inherit it through the environment, as they do the port. Longer waits in the specs
// use `scaled` from the same file.
export default defineConfig({
  testDir: './e2e',
  timeout: scaled(30_000),
  expect: { timeout: scaled(10_000) },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Members whose journeys sign in again sign up first (e2e/signed-up-early.ts), so that the
  // minute between their sign-up's PIN and a sign-in PIN has passed when those journeys run.
  projects: [
    { name: 'signed up early', testMatch: /signed-up-early\.setup\.ts$/ },
    { name: 'member app', dependencies: ['signed up early'] },
  ],
  // With TEST_REPORT_DIR set (CI, `npm test`), results are also written as JSON for the run's
  // summary, one file per suite (the back office's config names its own).
  reporter: reporters('playwright-web.json'),
  // Screenshots of failed tests stay after the run (ignored by git).
  outputDir: resolve(import.meta.dirname, 'test-results'),
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
    timeout: scaled(120_000),
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(scratch, 'data'),
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Members set up through the API name their own address (support.ts memberViaApi).
      TRUST_PROXY: '1',
    },
  },
});

/**
 * The list reporter, plus Playwright's JSON report as `file` in TEST_REPORT_DIR when that is set.
 * @param file the report's file name, e.g. `playwright-web.json`
 */
export function reporters(file: string): PlaywrightTestConfig['reporter'] {
  const dir = process.env.TEST_REPORT_DIR;
  return dir ? [['list'], ['json', { outputFile: join(dir, file) }]] : [['list']];
}

/** A new folder for this run in the temp folder, removed when the process that made it exits. */
function createScratchDir(): string {
  const created = mkdtempSync(join(tmpdir(), 'bcp-e2e-'));
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
  return created;
}

/**
 * A TCP port free on 127.0.0.1 now: asked of the system (port 0) by a short child process, since a
 * config is read synchronously. Another program could take it before the server starts; that is
 * unlikely in the second between, and `E2E_PORT` fixes a port when it matters.
 */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
