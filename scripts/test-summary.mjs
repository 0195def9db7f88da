#!/usr/bin/env node
/**
 * Adds up the JSON reports that Vitest and Playwright wrote to a folder and prints one closing
 * line, `tests: N passed, N failed, N skipped`, after a `failed:` line per failed test. Exits 1 when nothing ran or anything failed.
 */
import { failCommandLine, parseCommandLine } from './lib/command-line.mjs';
import { countReports, failedTests, formatCounts } from './lib/test-reports.mjs';

const command = 'node scripts/test-summary.mjs';
const { positionals } = parseCommandLine({
  command,
  usage: `
Usage: ${command} FOLDER

Adds up the JSON reports Vitest and Playwright wrote to FOLDER (TEST_REPORT_DIR) and prints
'tests: N passed, N failed, N skipped'. Exits 1 when nothing ran or anything failed.`,
  allowPositionals: true,
});
if (positionals.length !== 1) failCommandLine(command, 'give one folder of test reports');
const dir = positionals[0];
for (const { test, error } of failedTests(dir)) console.info(`failed: ${test}\n        ${error}`);
const counts = countReports(dir);
console.info(`tests: ${formatCounts(counts)}`);
process.exit(counts.passed > 0 && counts.failed === 0 ? 0 : 1);
