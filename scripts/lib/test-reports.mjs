/**
 * Reading the JSON reports Vitest and Playwright write to TEST_REPORT_DIR (`vitest.config.ts`,
 * the Playwright configs): shared by `scripts/test-summary.mjs` (CI's closing line) and
 * `scripts/run-test-suites.mjs` (`npm test`'s summary per part).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The JSON report files in `dir` (top level only), by name.
 * @param {string} dir a folder of reports
 * @returns {string[]} file names ending in `.json`
 */
export function listReports(dir) {
  return readdirSync(dir).filter((name) => name.endsWith('.json'));
}

/**
 * Adds up the tests of the given report files of `dir`: a file named `vitest*` is read as Vitest's
 * JSON report (a failed run with no failed test, e.g. a file that did not load, counts as one
 * failure); any other with `stats` as Playwright's (flaky counts as passed).
 * @param {string} dir the folder of the reports
 * @param {string[]} files file names in `dir` (default: every `.json` file there)
 * @returns {{ passed: number, failed: number, skipped: number }} counts of tests
 * @throws {SyntaxError} when a file is not JSON
 */
export function countReports(dir, files = listReports(dir)) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of files) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (file.startsWith('vitest')) {
      passed += report.numPassedTests;
      failed += report.numFailedTests + (report.success === false && report.numFailedTests === 0 ? 1 : 0);
      skipped += report.numPendingTests + report.numTodoTests;
    } else if (report.stats) {
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
      skipped += report.stats.skipped;
    }
  }
  return { passed, failed, skipped };
}

/**
 * `N passed, N failed, N skipped`.
 * @param {{ passed: number, failed: number, skipped: number }} counts
 * @returns {string}
 */
export function formatCounts({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}
