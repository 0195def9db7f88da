import { resolve } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { scaled } from '../../scripts/lib/time-scale.mjs';
import memberAppConfig, { reporters } from '../web/playwright.config';

/** The member app's server (the one product server both suites start), configured once there. */
const server = memberAppConfig.webServer as Extract<
  NonNullable<PlaywrightTestConfig['webServer']>,
  { command: string }
>;

/**
 * Browser tests of the back office (issue 19): the same built product, server, empty embedded
 * database (with the demo data) and Chromium as the member app's tests (`apps/web/playwright.config.ts`),
 * at a laptop's 1024 px. `npm test` runs them beside the member app's tests, so their output (screenshots of failed
 * tests) has a folder of its own: Playwright empties its output folder when a run starts.
 */
export default defineConfig({
  ...memberAppConfig,
  testDir: './e2e',
  // One project: the member app's set-up project (its members signed up early) is its own.
  projects: [{ name: 'back office' }],
  // Journeys through several screens, each checked by axe; more on a busy machine (`scaled`).
  timeout: scaled(120_000),
  reporter: reporters('playwright-admin.json'),
  outputDir: resolve(import.meta.dirname, 'test-results'),
  use: { ...memberAppConfig.use, viewport: { width: 1024, height: 768 } },
  // Partners' webhook endpoints in the journeys are local http:// servers, tried once (issue 38 item 5).
  webServer: {
    ...server,
    env: { ...server.env, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_RETRY_LIMIT: '0' },
  },
});
