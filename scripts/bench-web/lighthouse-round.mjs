import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Puts a session in the origin's `localStorage` from a page that loads no app files (the cache stays cold). */
async function storeSession(port, baseUrl, storage) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, storage);
  await page.close();
}

/**
 * One first load of `url` in a fresh Chromium (new user data dir, empty cache), measured by
 * Lighthouse with its default mobile emulation and simulated throttling. `storage`: items put in
 * `localStorage` before (a signed-in session); then Lighthouse keeps storage instead of clearing it.
 * Returns bytes transferred (compressed, as on the wire) for JavaScript and in total, the scores
 * (0-100), the largest contentful paint and total blocking time (simulated, ms), the main thread's
 * work (ms, as observed: grows with the machine's load) and the accessibility audits that failed.
 */
export async function lighthouseRound(url, storage) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'bcp-bench-chromium-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, userDataDir });
  try {
    if (storage) await storeSession(chrome.port, new URL(url).origin, storage);
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: Boolean(storage) },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (process.env.BENCH_WEB_REPORT_DIR) {
      const file = `${process.env.BENCH_WEB_REPORT_DIR}/${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
      writeFileSync(file, JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const summary = lhr.audits['resource-summary'].details.items;
    const bytes = (type) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
    const score = (category) => Math.round((lhr.categories[category].score ?? 0) * 100);
    const failing = lhr.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => ref.id);
    return {
      finalUrl: lhr.finalDisplayedUrl,
      scriptBytes: bytes('script'),
      totalBytes: bytes('total'),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      mainThreadMs: Math.round(lhr.audits['mainthread-work-breakdown'].numericValue),
      failingAccessibility: failing,
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
