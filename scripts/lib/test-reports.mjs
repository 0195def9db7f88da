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
 * The failed tests of the given report files of `dir`, each with the first two lines of its error, so
 * the last lines of a run (all CI shows of it) name what failed: Vitest's `testResults` (a file that
 * did not load counts, with its message) and Playwright's nested `suites` (failed or timed out).
 * @param {string} dir the folder of the reports
 * @param {string[]} files file names in `dir` (default: every `.json` file there)
 * @returns {{ test: string, error: string }[]} `test`: file and title; `error`: at most 300 characters
 * @throws {SyntaxError} when a file is not JSON
 */
export function failedTests(dir, files = listReports(dir)) {
  const failures = [];
  const firstLine = (text) =>
    String(text ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are taken out
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0)
      .slice(0, 2)
      .join(' / ')
      .slice(0, 300);
  for (const file of files) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (file.startsWith('vitest')) {
      for (const result of report.testResults ?? []) {
        const failed = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
        for (const test of failed)
          failures.push({ test: `${result.name} › ${test.fullName}`, error: firstLine(test.failureMessages?.[0]) });
        if (failed.length === 0 && result.status === 'failed')
          failures.push({ test: result.name, error: firstLine(result.message) });
      }
    } else if (report.stats) {
      const visit = (suite, file) => {
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests ?? []) {
            const last = test.results?.at(-1);
            if (last && (last.status === 'failed' || last.status === 'timedOut')) {
              failures.push({
                test: `${spec.file ?? file}:${spec.line} › ${spec.title}`,
                error: firstLine(last.error?.message ?? last.status),
              });
            }
          }
        }
        for (const child of suite.suites ?? []) visit(child, suite.file ?? file);
      };
      for (const suite of report.suites ?? []) visit(suite, suite.file);
    }
  }
  return failures;
}

/**
 * `N passed, N failed, N skipped`.
 * @param {{ passed: number, failed: number, skipped: number }} counts
 * @returns {string}
 */
export function formatCounts({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}
