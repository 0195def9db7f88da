#!/usr/bin/env node
/**
 * `npm test` (issue 41 item 2): runs every part of the test suite in order — the unit and API
 * tests (Vitest), the build, the member app's browser tests and the back office's browser tests
 * (Playwright) — each one even when an earlier one failed, then prints one summary with each
 * part's result, duration and test counts, and exits 1 when any part failed. The browser suites
 * need the build and Chromium: when either failed they are reported as not run (and count as
 * failed). `npm run test:e2e` runs the last three parts the same way.
 *
 * The run gets one temp folder of its own, removed at the end, for Playwright's transform cache
 * (`PLAYWRIGHT_TRANSFORM_CACHE_DIR`, otherwise left in /tmp) and, unless `TEST_REPORT_DIR` is set
 * (CI, `.ci/run`, which reads the reports afterwards), for the JSON reports the summary counts.
 *
 * Test timeouts grow with the machine (issue 41 item 1): the factor is measured once at the start
 * (`scripts/lib/time-scale.mjs`), printed, and handed to every part in `TEST_TIME_SCALE`.
 *
 * `BCP_TEST_SUITES` (for the runner's own test only) replaces the parts: a JSON array of
 * `{ "name", "command", "needs"? }` (shell commands; `needs` names earlier parts).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { failCommandLine, parseCommandLine } from './lib/command-line.mjs';
import { countReports, formatCounts, listReports } from './lib/test-reports.mjs';
import { measureTimeScale, timeScale } from './lib/time-scale.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const command = 'node scripts/run-test-suites.mjs';

/** The parts of `npm test`, in order. `needs`: parts that must have passed for this one to run. */
const PARTS = [
  { id: 'chromium', name: 'Chromium for the browser tests', command: 'node scripts/ensure-chromium.mjs' },
  { id: 'unit', name: 'unit and API tests (Vitest)', command: 'npm run test:unit' },
  { id: 'build', name: 'build', command: 'npm run build' },
  {
    id: 'member',
    name: 'member browser tests',
    command: 'npx playwright test -c apps/web/playwright.config.ts',
    needs: ['chromium', 'build'],
  },
  {
    id: 'back-office',
    name: 'back-office browser tests',
    command: 'npx playwright test -c apps/admin/playwright.config.ts',
    needs: ['chromium', 'build'],
  },
];
const BROWSER = ['member', 'back-office'];

const { positionals } = parseCommandLine({
  command,
  usage: `
Usage: ${command} [PART...]

Runs the parts of the test suite in order, each even when an earlier one failed, prints one
summary (result, duration, tests of each part) and exits 1 when any part failed. PART is one
of ${PARTS.map((part) => part.id).join(', ')} (default: all; Chromium is checked whenever a
browser part runs). The browser parts are not run when the build or Chromium failed.
\`npm test\` runs all; \`npm run test:e2e\` runs build, member and back-office.`,
  allowPositionals: true,
});

const parts = selectParts(positionals);
const runFolder = mkdtempSync(join(tmpdir(), 'bcp-test-run-'));
const reportDir = process.env.TEST_REPORT_DIR || join(runFolder, 'reports');
mkdirSync(reportDir, { recursive: true });
const env = {
  ...process.env,
  TEST_REPORT_DIR: reportDir,
  PLAYWRIGHT_TRANSFORM_CACHE_DIR: join(runFolder, 'playwright-transform-cache'),
};
const scaleNote = timeScaleNote(env);
console.info(`Test timeouts x${env.TEST_TIME_SCALE} (${scaleNote})`);

let interrupted = false;
let current;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
  });
}

/** @type {{ id: string, name: string, status: 'passed' | 'failed' | 'not run', seconds?: number, note?: string }[]} */
const results = [];
/** The report files the parts wrote, for the total. */
const reportFiles = [];
for (const part of parts) {
  const missing = (part.needs ?? []).filter((id) => results.find((result) => result.id === id)?.status !== 'passed');
  const selected = (id) => parts.some((other) => other.id === id);
  const blocking = missing.filter(selected);
  if (interrupted || blocking.length > 0) {
    const why = interrupted ? 'interrupted' : `${blocking.join(' and ')} failed`;
    results.push({ id: part.id, name: part.name, status: 'not run', note: why });
    continue;
  }
  console.info(`\n== ${part.name}: ${part.command}`);
  const before = snapshot(reportDir);
  const started = Date.now();
  const code = await runCommand(part.command);
  const seconds = (Date.now() - started) / 1000;
  const files = changedReports(reportDir, before);
  let note;
  try {
    note = files.length > 0 ? formatCounts(countReports(reportDir, files)) : undefined;
  } catch (error) {
    note = `report unreadable: ${error instanceof Error ? error.message : String(error)}`;
  }
  results.push({ id: part.id, name: part.name, status: code === 0 ? 'passed' : 'failed', seconds, note });
  reportFiles.push(...files);
}

const width = Math.max(...results.map((result) => result.name.length));
console.info('\n== test summary');
for (const result of results) {
  const time = result.seconds === undefined ? '' : formatDuration(result.seconds);
  const line = `${result.name.padEnd(width)}  ${result.status.padEnd(7)}  ${time.padStart(7)}  ${result.note ?? ''}`;
  console.info(line.trimEnd());
}
if (reportFiles.length > 0) {
  try {
    console.info(`tests: ${formatCounts(countReports(reportDir, [...new Set(reportFiles)]))}`);
  } catch {
    // An unreadable report is already named on its part's line.
  }
}
console.info(`timeouts x${env.TEST_TIME_SCALE} (${scaleNote})`);
const bad = results.filter((result) => result.status !== 'passed');
console.info(
  bad.length === 0
    ? `all ${results.length} parts passed`
    : `${bad.length} of ${results.length} parts failed or did not run: ${bad.map((result) => result.id).join(', ')}`,
);
rmSync(runFolder, { recursive: true, force: true, maxRetries: 3 });
process.exit(interrupted ? 130 : bad.length === 0 ? 0 : 1);

/**
 * The parts to run for the command line's part names (all when none), in the standard order,
 * with Chromium whenever a browser part runs; or the test's parts from `BCP_TEST_SUITES`.
 * @param {string[]} names part ids
 */
function selectParts(names) {
  if (process.env.BCP_TEST_SUITES) {
    return JSON.parse(process.env.BCP_TEST_SUITES).map((part) => ({ id: part.name, ...part }));
  }
  for (const name of names) {
    if (!PARTS.some((part) => part.id === name)) failCommandLine(command, `unknown part ${name}`);
  }
  const wanted = new Set(names.length > 0 ? names : PARTS.map((part) => part.id));
  if (BROWSER.some((id) => wanted.has(id))) wanted.add('chromium');
  return PARTS.filter((part) => wanted.has(part.id));
}

/**
 * Fixes the run's timeout factor in `runEnv.TEST_TIME_SCALE` (measured now unless already set,
 * `scripts/lib/time-scale.mjs`), so that every part and its workers use the same one.
 * @param {NodeJS.ProcessEnv} runEnv the parts' environment
 * @returns {string} where the factor came from, for the log and the summary
 */
function timeScaleNote(runEnv) {
  if (runEnv.TEST_TIME_SCALE) {
    timeScale(runEnv);
    return 'set by TEST_TIME_SCALE';
  }
  const measured = measureTimeScale();
  runEnv.TEST_TIME_SCALE = String(measured.scale);
  const load = `load average ${measured.load.toFixed(1)} on ${measured.cores} cores`;
  return `measured at the start: ${load}, CPU probe ${measured.probeMs.toFixed(0)} ms`;
}

/**
 * Runs a shell command in the project folder with the run's environment, output shown as it comes.
 * @param {string} line the command
 * @returns {Promise<number>} its exit code (1 when it could not start or died of a signal)
 */
function runCommand(line) {
  return new Promise((done) => {
    current = spawn(line, { cwd: ROOT, env, shell: true, stdio: 'inherit' });
    current.on('error', (error) => {
      console.error(`${command}: could not start ${line}: ${error.message}`);
      done(1);
    });
    current.on('close', (code) => done(code ?? 1));
  });
}

/**
 * Each report file of `dir` with its modification time.
 * @param {string} dir
 * @returns {Map<string, number>}
 */
function snapshot(dir) {
  return new Map(listReports(dir).map((file) => [file, statSync(join(dir, file)).mtimeMs]));
}

/**
 * The report files of `dir` written since `before` was taken: the reports of the part just run.
 * @param {string} dir
 * @param {Map<string, number>} before
 */
function changedReports(dir, before) {
  const after = snapshot(dir);
  return [...after].filter(([file, mtime]) => before.get(file) !== mtime).map(([file]) => file);
}

/**
 * `1m 05s` or `42s`.
 * @param {number} seconds
 */
function formatDuration(seconds) {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes}m ${String(whole % 60).padStart(2, '0')}s` : `${whole}s`;
}
