import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TIME_SCALE, measureTimeScale, scaled, timeScale } from '../../../scripts/lib/time-scale.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * Issue 41 item 1: test timeouts grow with the machine's load instead of a fixed 30 s per journey.
 * `scripts/lib/time-scale.mjs` measures the factor once per run; `npm test`'s runner hands it to
 * every part in TEST_TIME_SCALE, and the Vitest and Playwright configs and the tests' own longer
 * limits multiply by it.
 */
describe('test timeouts scale with the machine (issue 41 item 1)', () => {
  it('TEST_TIME_SCALE fixes the factor the limits are multiplied by', () => {
    expect(timeScale({ TEST_TIME_SCALE: '3' })).toBe(3);
    expect(timeScale({ TEST_TIME_SCALE: '1.5' })).toBe(1.5);
  });

  it('refuses a TEST_TIME_SCALE that is not a number from 1 to the maximum, naming it', () => {
    for (const bad of ['0.5', 'fast', '-2', String(MAX_TIME_SCALE + 1)]) {
      expect(() => timeScale({ TEST_TIME_SCALE: bad })).toThrow(
        `TEST_TIME_SCALE must be a number from 1 to ${MAX_TIME_SCALE}, not "${bad}"`,
      );
    }
  });

  it('measures the factor when none is set and stores it for the processes started next', () => {
    const env: NodeJS.ProcessEnv = {};
    const scale = timeScale(env);
    expect(scale).toBeGreaterThanOrEqual(1);
    expect(scale).toBeLessThanOrEqual(MAX_TIME_SCALE);
    expect(env.TEST_TIME_SCALE).toBe(String(scale));
    const measured = measureTimeScale();
    expect(measured.cores).toBeGreaterThan(0);
    expect(measured.probeMs).toBeGreaterThan(0);
  });

  it("a test's own limit is the quiet machine's times this run's factor", () => {
    expect(scaled(10_000)).toBe(Math.round(10_000 * Number(process.env.TEST_TIME_SCALE)));
  });

  it('npm test measures the factor once, prints it, and hands it to every part', () => {
    const check = (name: string) => ({
      name,
      command: `"${process.execPath}" -e "process.exit(process.env.TEST_TIME_SCALE === '2.5' ? 0 : 1)"`,
    });
    const result = spawnSync(process.execPath, ['scripts/run-test-suites.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: scaled(60_000),
      env: {
        ...process.env,
        TEST_REPORT_DIR: '',
        TEST_TIME_SCALE: '2.5',
        BCP_TEST_SUITES: JSON.stringify([check('first'), check('second')]),
      },
    });
    expect(result.stdout).toContain('Test timeouts x2.5 (set by TEST_TIME_SCALE)');
    expect(result.stdout).toContain('all 2 parts passed');
    expect(result.status).toBe(0);

    const measured = spawnSync(process.execPath, ['scripts/run-test-suites.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: scaled(60_000),
      env: { ...process.env, TEST_REPORT_DIR: '', TEST_TIME_SCALE: '', TEST_PARTS_AT_ONCE: '2', BCP_TEST_SUITES: '[]' },
    });
    // Two parts at once load the machine after the measurement: the measured factor is doubled.
    const line = measured.stdout.match(
      /Test timeouts x(\d+(?:\.\d)?) \(measured at the start: load average \d+\.\d on \d+ cores, CPU probe \d+ ms, x2 for the parts run at once\)/,
    );
    expect(line).not.toBeNull();
    expect(Number(line?.[1])).toBeGreaterThanOrEqual(2);
  });
});
