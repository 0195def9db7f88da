#!/usr/bin/env node
/**
 * Adds up the JSON reports that Vitest and Playwright wrote to a folder and prints one closing
 * line, `tests: N passed, N failed, N skipped`. Exits 1 when nothing ran or anything failed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { failCommandLine, parseCommandLine } from './lib/command-line.mjs';

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
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
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
console.info(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(passed > 0 && failed === 0 ? 0 : 1);
