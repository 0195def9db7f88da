import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');
const RUNNER = 'scripts/run-test-suites.mjs';

/**
 * `npm test`'s runner (issue 41 item 2) with tiny fake suites (`BCP_TEST_SUITES`, for this test
 * only) in place of the real ones: small Node scripts that write a marker file, maybe a Vitest-style
 * report in TEST_REPORT_DIR, and exit 0 or 1.
 */
let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'bcp-runner-test-'));
  const fake = (name: string, code: number, report?: object, reportFile = `vitest-${name}.json`) =>
    writeFileSync(
      join(folder, `${name}.mjs`),
      [
        "import { writeFileSync } from 'node:fs';",
        "import { join } from 'node:path';",
        `writeFileSync(join(${JSON.stringify(folder)}, '${name}.ran'), process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR ?? '');`,
        report
          ? `writeFileSync(join(process.env.TEST_REPORT_DIR, '${reportFile}'), ${JSON.stringify(JSON.stringify(report))});`
          : '',
        `process.exit(${code});`,
      ].join('\n'),
    );
  fake('red', 1, {
    numPassedTests: 2,
    numFailedTests: 1,
    numPendingTests: 0,
    numTodoTests: 0,
    success: false,
    testResults: [
      {
        name: 'apps/api/test/sums.test.ts',
        status: 'failed',
        assertionResults: [
          { status: 'passed', fullName: 'sums adds' },
          {
            status: 'failed',
            fullName: 'sums carries',
            failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at sums.test.ts:9:3'],
          },
        ],
      },
    ],
  });
  // A browser suite's report (Playwright's JSON reporter): one test timed out, in a nested describe.
  fake(
    'browser-red',
    1,
    {
      stats: { expected: 4, unexpected: 1, flaky: 0, skipped: 1 },
      suites: [
        {
          file: 'journey.spec.ts',
          specs: [{ title: 'signs in', line: 3, tests: [{ results: [{ status: 'passed' }] }] }],
          suites: [
            {
              title: 'claims',
              specs: [
                {
                  title: 'approves a claim',
                  line: 12,
                  tests: [
                    { results: [{ status: 'timedOut', error: { message: 'Test timeout of 30000ms exceeded.' } }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    'playwright-browser-red.json',
  );
  fake('green', 0, { numPassedTests: 3, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0, success: true });
  fake('build-fails', 1);
  fake('browser', 0);
  // Two parts that each wait (up to a deadline) for the other to have started: they pass only
  // when run at the same time.
  const waitsFor = (name: string, other: string) =>
    writeFileSync(
      join(folder, `${name}.mjs`),
      [
        "import { existsSync, writeFileSync } from 'node:fs';",
        "import { join } from 'node:path';",
        `const dir = ${JSON.stringify(folder)};`,
        `writeFileSync(join(dir, '${name}.started'), '');`,
        `console.log('${name} says hello');`,
        `const deadline = Date.now() + ${scaled(20_000)};`,
        `while (!existsSync(join(dir, '${other}.started'))) {`,
        '  if (Date.now() > deadline) process.exit(1);',
        '  await new Promise((resolve) => setTimeout(resolve, 50));',
        '}',
        `writeFileSync(join(process.env.TEST_REPORT_DIR, 'vitest-${name}.json'), JSON.stringify({ numPassedTests: 1, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, success: true }));`,
      ].join('\n'),
    );
  waitsFor('left', 'right');
  waitsFor('right', 'left');
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

function runSuites(
  parts: { name: string; command: string; needs?: string[]; after?: string[] }[],
  env: Record<string, string> = {},
) {
  return spawnSync(process.execPath, [RUNNER], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: scaled(60_000),
    env: { ...process.env, TEST_REPORT_DIR: '', ...env, BCP_TEST_SUITES: JSON.stringify(parts) },
  });
}

const node = (name: string) => `"${process.execPath}" ${join(folder, `${name}.mjs`)}`;

describe('npm test runs every suite and reports (issue 41 item 2)', () => {
  it('a failed first suite still runs the second; one summary, exit 1', () => {
    const result = runSuites([
      { name: 'first', command: node('red') },
      { name: 'second', command: node('green') },
    ]);
    expect(existsSync(join(folder, 'red.ran'))).toBe(true);
    expect(existsSync(join(folder, 'green.ran'))).toBe(true);
    expect(result.status).toBe(1);
    const summary = result.stdout.slice(result.stdout.indexOf('== test summary'));
    expect(summary).toMatch(/first\s+failed\s+\d+s\s+2 passed, 1 failed, 0 skipped/);
    expect(summary).toMatch(/second\s+passed\s+\d+s\s+3 passed, 0 failed, 1 skipped/);
    expect(summary).toContain('\ntests: 5 passed, 1 failed, 1 skipped\n');
    expect(summary).toContain('1 of 2 parts failed or did not run: first');
    // The failed test is named with its error's first line, colours taken out (all CI shows is the end).
    expect(summary).toContain(
      'failed: apps/api/test/sums.test.ts › sums carries\n        AssertionError: expected 1 to be 2 / at sums.test.ts:9:3\n',
    );
    expect(summary).not.toContain('sums adds');
  });

  it("names a browser suite's failed test with its file, line and error", () => {
    const result = runSuites([{ name: 'journeys', command: node('browser-red') }]);
    expect(result.status).toBe(1);
    const summary = result.stdout.slice(result.stdout.indexOf('== test summary'));
    expect(summary).toContain(
      'failed: journey.spec.ts:12 › approves a claim\n        Test timeout of 30000ms exceeded.\n',
    );
    expect(summary).not.toContain('signs in');
    expect(summary).toContain('\ntests: 4 passed, 1 failed, 1 skipped\n');
  });

  it('a failed build leaves the browser suites not run, and the run exits 1', () => {
    const result = runSuites([
      { name: 'unit', command: node('green') },
      { name: 'build', command: node('build-fails') },
      { name: 'member', command: node('browser'), needs: ['build'] },
    ]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/unit\s+passed/);
    expect(result.stdout).toMatch(/build\s+failed/);
    expect(result.stdout).toMatch(/member\s+not run\s+build failed/);
    expect(result.stdout).toContain('2 of 3 parts failed or did not run: build, member');
  });

  it('a part that comes after another runs when that one failed, but only once it ended', () => {
    rmSync(join(folder, 'green.ran'), { force: true });
    const result = runSuites(
      [
        { name: 'tools', command: node('build-fails') },
        { name: 'unit', command: node('green'), after: ['tools'] },
        { name: 'member', command: node('browser'), needs: ['tools'] },
      ],
      { TEST_PARTS_AT_ONCE: '2' },
    );
    expect(existsSync(join(folder, 'green.ran'))).toBe(true);
    expect(result.stdout).toMatch(/unit\s+passed/);
    expect(result.stdout).toMatch(/member\s+not run\s+tools failed/);
    // With a free slot beside it, unit still waited for tools to end.
    expect(result.stdout.indexOf('== tools: failed')).toBeGreaterThan(-1);
    expect(result.stdout.indexOf('== tools: failed')).toBeLessThan(result.stdout.indexOf('== unit: '));
    expect(result.status).toBe(1);
  });

  it('all passing exits 0; reports go to TEST_REPORT_DIR when set; the run leaves no temp folder', () => {
    const reports = join(folder, 'reports');
    rmSync(join(folder, 'green.ran'), { force: true });
    const runTmp = mkdtempSync(join(folder, 'tmp-'));
    const result = runSuites([{ name: 'only', command: node('green') }], { TEST_REPORT_DIR: reports, TMPDIR: runTmp });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('all 1 parts passed');
    expect(readdirSync(reports)).toEqual(['vitest-green.json']);
    // Playwright's transform cache was pointed into the run's folder, which is gone now.
    const cache = readFileSync(join(folder, 'green.ran'), 'utf8');
    expect(cache.startsWith(join(runTmp, 'bcp-test-run-'))).toBe(true);
    expect(readdirSync(runTmp)).toEqual([]);
  });

  it('two parts run at once (issue 41 item 3): output prefixed by part, each counted on its own line', () => {
    for (const name of ['left', 'right']) rmSync(join(folder, `${name}.started`), { force: true });
    const result = runSuites(
      [
        { name: 'left', command: node('left') },
        { name: 'right', command: node('right') },
      ],
      { TEST_PARTS_AT_ONCE: '2' },
    );
    expect(result.stdout).toContain('Parts at once: 2 (TEST_PARTS_AT_ONCE)');
    expect(result.stdout).toContain('[left] left says hello');
    expect(result.stdout).toContain('[right] right says hello');
    expect(result.stdout).toMatch(/left\s+passed\s+\d+s\s+1 passed, 0 failed, 0 skipped/);
    expect(result.stdout).toMatch(/right\s+passed\s+\d+s\s+1 passed, 0 failed, 0 skipped/);
    expect(result.stdout).toContain('\ntests: 2 passed, 0 failed, 0 skipped\n');
    expect(result.status).toBe(0);
  });

  it('TEST_PARTS_AT_ONCE=1 runs the parts one after another; a bad value is a command-line error', () => {
    for (const name of ['left', 'right']) rmSync(join(folder, `${name}.started`), { force: true });
    const result = runSuites(
      [
        { name: 'red', command: node('red') },
        { name: 'green', command: node('green') },
      ],
      { TEST_PARTS_AT_ONCE: '1' },
    );
    expect(result.stdout).toContain('Parts at once: 1 (TEST_PARTS_AT_ONCE)');
    // Unprefixed output: the one part running has the terminal to itself.
    expect(result.stdout).not.toContain('[red]');
    expect(result.stdout.indexOf('== red')).toBeLessThan(result.stdout.indexOf('== green'));
    expect(result.status).toBe(1);
    const bad = runSuites([{ name: 'only', command: node('green') }], { TEST_PARTS_AT_ONCE: 'many' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('TEST_PARTS_AT_ONCE must be a whole number from 1 to 8, not "many"');
  });

  it('--help prints the usage; an unknown part is a command-line error', () => {
    const help = spawnSync(process.execPath, [RUNNER, '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: node scripts\/run-test-suites\.mjs/);
    const bad = spawnSync(process.execPath, [RUNNER, 'everything'], { cwd: ROOT, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('node scripts/run-test-suites.mjs: unknown part everything (--help for usage)\n');
  });
});
