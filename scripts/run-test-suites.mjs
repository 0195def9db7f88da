#!/usr/bin/env node
/**
 * `npm test` (issue 41 item 2): runs every part of the test suite — the contract's build, the unit
 * and API tests (Vitest), the build, the member app's browser tests and the back office's browser
 * tests (Playwright) — each one even when another failed, then prints one summary with each
 * part's result, duration and test counts, and exits 1 when any part failed. The browser suites
 * need the build and Chromium (`scripts/ensure-test-tools.mjs`, which also gives the unit tests
 * Prometheus and docker-compose): when either failed they are reported as not run (and count as
 * failed). `npm run test:e2e` runs the last three parts the same way.
 *
 * Two parts run at once on a machine of 2 cores or more (issue 41 item 3; `TEST_PARTS_AT_ONCE`
 * sets it, 1 runs them one after another): the unit and API tests beside the build and then the
 * browser suites, each part starting when a slot is free and what it needs has passed. Their
 * output lines are then prefixed with the part's id.
 *
 * The run gets one temp folder of its own, removed at the end, for Playwright's transform cache
 * (`PLAYWRIGHT_TRANSFORM_CACHE_DIR`, otherwise left in /tmp) and, unless `TEST_REPORT_DIR` is set
 * (CI, `.ci/run`, which reads the reports afterwards), for the JSON reports the summary counts.
 *
 * Test timeouts grow with the machine (issue 41 item 1): the factor is measured once at the start
 * (`scripts/lib/time-scale.mjs`), printed, and handed to every part in `TEST_TIME_SCALE`.
 *
 * `BCP_TEST_SUITES` (for the runner's own test only) replaces the parts: a JSON array of
 * `{ "name", "command", "needs"?, "after"? }` (shell commands; `needs` names parts that must have
 * passed first, `after` parts that must have ended, passed or not).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { failCommandLine, parseCommandLine } from './lib/command-line.mjs';
import { countReports, failedTests, formatCounts, listReports } from './lib/test-reports.mjs';
import { MAX_TIME_SCALE, measureTimeScale, timeScale } from './lib/time-scale.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const command = 'node scripts/run-test-suites.mjs';

/** The parts of `npm test`, in order. `needs`: parts that must have passed for this one to run. */
const PARTS = [
  {
    id: 'tools',
    name: "Debian's Chromium, Prometheus, docker-compose",
    command: 'node scripts/ensure-test-tools.mjs',
  },
  { id: 'contract', name: 'contract build', command: 'node scripts/build.mjs --only contract' },
  // After the tools (passed or not): the metrics and compose tests fail, clearly, without them.
  { id: 'unit', name: 'unit and API tests (Vitest)', command: 'npx vitest run', needs: ['contract'], after: ['tools'] },
  { id: 'build', name: 'build', command: 'npm run build', needs: ['contract'] },
  // The longer browser suite first (decision 079): after the build it takes the build's slot, and
  // the member suite takes the slot the unit tests free, so the two suites can overlap rather than
  // the longer one waiting for the shorter.
  {
    id: 'back-office',
    name: 'back-office browser tests',
    command: 'npx playwright test -c apps/admin/playwright.config.ts',
    needs: ['tools', 'build'],
  },
  {
    id: 'member',
    name: 'member browser tests',
    command: 'npx playwright test -c apps/web/playwright.config.ts',
    needs: ['tools', 'build'],
  },
];
const BROWSER = ['member', 'back-office'];

const { positionals } = parseCommandLine({
  command,
  usage: `
Usage: ${command} [PART...]

Runs the parts of the test suite, each even when another failed, two at once on 2 cores or more
(TEST_PARTS_AT_ONCE=1 runs them one after another), prints one summary (result, duration, tests
of each part) and exits 1 when any part failed. PART is one of
${PARTS.map((part) => part.id).join(', ')} (default: all; the Debian tools are checked, and installed
as root, whenever a test part runs; the contract is built before the unit tests). The browser parts
are not run when the build or the tools failed. \`npm test\` runs all; \`npm run test:e2e\` runs build, member and back-office.`,
  allowPositionals: true,
});

const parts = selectParts(positionals);
const concurrency = partsAtOnce(process.env);
const runFolder = mkdtempSync(join(tmpdir(), 'bcp-test-run-'));
const reportDir = process.env.TEST_REPORT_DIR || join(runFolder, 'reports');
mkdirSync(reportDir, { recursive: true });
const env = {
  ...process.env,
  PLAYWRIGHT_TRANSFORM_CACHE_DIR: join(runFolder, 'playwright-transform-cache'),
};
const scaleNote = timeScaleNote(env, concurrency);
console.info(`Test timeouts x${env.TEST_TIME_SCALE} (${scaleNote})`);
console.info(`Parts at once: ${concurrency} (TEST_PARTS_AT_ONCE)`);

let interrupted = false;
/** The parts' processes still running. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of running) child.kill(signal);
  });
}

/** @type {Map<string, { id: string, name: string, status: 'passed' | 'failed' | 'not run', seconds?: number, note?: string }>} */
const results = new Map();
/** The report files the parts wrote (copied into `reportDir`), for the total. */
const reportFiles = [];
await runParts();

const ordered = parts.map((part) => results.get(part.id));
const width = Math.max(...ordered.map((result) => result.name.length));
console.info('\n== test summary');
for (const result of ordered) {
  const time = result.seconds === undefined ? '' : formatDuration(result.seconds);
  const line = `${result.name.padEnd(width)}  ${result.status.padEnd(7)}  ${time.padStart(7)}  ${result.note ?? ''}`;
  console.info(line.trimEnd());
}
if (reportFiles.length > 0) {
  try {
    const files = [...new Set(reportFiles)];
    for (const { test, error } of failedTests(reportDir, files)) console.info(`failed: ${test}\n        ${error}`);
    console.info(`tests: ${formatCounts(countReports(reportDir, files))}`);
  } catch {
    // An unreadable report is already named on its part's line.
  }
}
console.info(`timeouts x${env.TEST_TIME_SCALE} (${scaleNote}); parts at once: ${concurrency}`);
const bad = ordered.filter((result) => result.status !== 'passed');
console.info(
  bad.length === 0
    ? `all ${ordered.length} parts passed`
    : `${bad.length} of ${ordered.length} parts failed or did not run: ${bad.map((result) => result.id).join(', ')}`,
);
rmSync(runFolder, { recursive: true, force: true, maxRetries: 3 });
process.exit(interrupted ? 130 : bad.length === 0 ? 0 : 1);

/**
 * Runs the parts, up to `concurrency` at once (issue 41 item 3): a part starts as soon as a slot is
 * free and the parts it needs have passed, the first such in the standard order; a part whose
 * needs failed (or were not run) is reported as not run. Each part writes its reports to a folder
 * of its own (so its counts are its own even while another part runs), copied into `reportDir`
 * when it ends. With more than one part at once each output line is prefixed by its part's id.
 * @returns {Promise<void>} when every part has ended or been marked not run
 */
async function runParts() {
  const waiting = [...parts];
  const active = new Map();
  const selected = (id) => parts.some((other) => other.id === id);
  for (;;) {
    for (let index = 0; index < waiting.length; ) {
      const part = waiting[index];
      const needs = (part.needs ?? []).filter(selected);
      const failed = needs.filter((id) => results.has(id) && results.get(id).status !== 'passed');
      if (interrupted || failed.length > 0) {
        const why = interrupted ? 'interrupted' : `${failed.join(' and ')} failed`;
        results.set(part.id, { id: part.id, name: part.name, status: 'not run', note: why });
        waiting.splice(index, 1);
        continue;
      }
      const after = (part.after ?? []).filter(selected);
      const ready = needs.every((id) => results.get(id)?.status === 'passed') && after.every((id) => results.has(id));
      if (ready && active.size < concurrency) {
        waiting.splice(index, 1);
        active.set(
          part.id,
          runPart(part).then((result) => {
            results.set(part.id, result);
            active.delete(part.id);
          }),
        );
        continue;
      }
      index += 1;
    }
    if (active.size === 0) return;
    await Promise.race(active.values());
  }
}

/**
 * Runs one part with a report folder of its own and counts its tests.
 * @param {{ id: string, name: string, command: string }} part
 * @returns {Promise<{ id: string, name: string, status: 'passed' | 'failed', seconds: number, note?: string }>}
 */
async function runPart(part) {
  console.info(`\n== ${part.name}: ${part.command}`);
  const partReports = join(runFolder, 'parts', part.id);
  mkdirSync(partReports, { recursive: true });
  const started = Date.now();
  const code = await runCommand(part, { ...env, TEST_REPORT_DIR: partReports });
  const seconds = (Date.now() - started) / 1000;
  const files = listReports(partReports);
  let note;
  try {
    note = files.length > 0 ? formatCounts(countReports(partReports, files)) : undefined;
  } catch (error) {
    note = `report unreadable: ${error instanceof Error ? error.message : String(error)}`;
  }
  for (const file of files) copyFileSync(join(partReports, file), join(reportDir, file));
  reportFiles.push(...files);
  const status = code === 0 ? 'passed' : 'failed';
  console.info(`\n== ${part.name}: ${status} in ${formatDuration(seconds)}`);
  return { id: part.id, name: part.name, status, seconds, note };
}

/**
 * How many parts run at once: `TEST_PARTS_AT_ONCE` (1 runs them one after another), otherwise 2
 * on a machine of 2 or more cores (the API tests' single Vitest worker leaves part of the second
 * core idle, which the build and the browser suites use), 1 on one core.
 * @param {NodeJS.ProcessEnv} runEnv
 * @returns {number}
 */
function partsAtOnce(runEnv) {
  const fixed = runEnv.TEST_PARTS_AT_ONCE;
  if (fixed !== undefined && fixed !== '') {
    const count = Number(fixed);
    if (!Number.isInteger(count) || count < 1 || count > 8) {
      failCommandLine(command, `TEST_PARTS_AT_ONCE must be a whole number from 1 to 8, not "${fixed}"`);
    }
    return count;
  }
  return availableParallelism() >= 2 ? 2 : 1;
}

/**
 * The parts to run for the command line's part names (all when none), in the standard order,
 * with the tools whenever a test part runs; or the test's parts from `BCP_TEST_SUITES`.
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
  if (BROWSER.some((id) => wanted.has(id)) || wanted.has('unit')) wanted.add('tools');
  if (wanted.has('unit')) wanted.add('contract');
  return PARTS.filter((part) => wanted.has(part.id));
}

/**
 * Fixes the run's timeout factor in `runEnv.TEST_TIME_SCALE` (measured now unless already set,
 * `scripts/lib/time-scale.mjs`), so that every part and its workers use the same one. A measured
 * factor is multiplied by the parts run at once (at most `MAX_TIME_SCALE`): the load they put on
 * each other comes after the measurement.
 * @param {NodeJS.ProcessEnv} runEnv the parts' environment
 * @param {number} atOnce parts run at once
 * @returns {string} where the factor came from, for the log and the summary
 */
function timeScaleNote(runEnv, atOnce) {
  if (runEnv.TEST_TIME_SCALE) {
    timeScale(runEnv);
    return 'set by TEST_TIME_SCALE';
  }
  const measured = measureTimeScale();
  const scale = Math.min(MAX_TIME_SCALE, Math.round(measured.scale * atOnce * 10) / 10);
  runEnv.TEST_TIME_SCALE = String(scale);
  const load = `load average ${measured.load.toFixed(1)} on ${measured.cores} cores`;
  const parallel = atOnce > 1 ? `, x${atOnce} for the parts run at once` : '';
  return `measured at the start: ${load}, CPU probe ${measured.probeMs.toFixed(0)} ms${parallel}`;
}

/**
 * Runs a part's shell command in the project folder, output shown as it comes: as it is when this
 * is the only part at a time, otherwise line by line prefixed with `[part id]`.
 * @param {{ id: string, command: string }} part
 * @param {NodeJS.ProcessEnv} partEnv its environment
 * @returns {Promise<number>} its exit code (1 when it could not start or died of a signal)
 */
function runCommand(part, partEnv) {
  return new Promise((done) => {
    const prefixed = concurrency > 1;
    const child = spawn(part.command, {
      cwd: ROOT,
      env: partEnv,
      shell: true,
      stdio: prefixed ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    });
    running.add(child);
    if (prefixed) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
          out.write(`[${part.id}] ${line}\n`),
        );
      }
    }
    child.on('error', (error) => {
      console.error(`${command}: could not start ${part.command}: ${error.message}`);
      running.delete(child);
      done(1);
    });
    child.on('close', (code) => {
      running.delete(child);
      done(code ?? 1);
    });
  });
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
