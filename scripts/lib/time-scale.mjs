/**
 * How much slower than a quiet machine this one is right now (issue 41 item 1): the factor every
 * test timeout is multiplied by, so that a busy 2-core machine gets more time instead of red
 * tests, while a quiet one keeps the tight limits that catch a hang early.
 *
 * Measured once per run, at its start: the larger of
 * - the 1-minute load average per core (`os.loadavg()[0] / os.availableParallelism()`): at load 6
 *   on 2 cores each runnable process gets about a third of a core, and
 * - a CPU probe: the median of five PBKDF2-SHA256 runs of `PROBE_ITERATIONS` iterations, divided
 *   by `REFERENCE_PROBE_MS`, what it takes on a quiet machine of the kind CI uses (2 cores).
 * The factor is at least 1 and at most `MAX_TIME_SCALE`, rounded to one decimal.
 *
 * `TEST_TIME_SCALE` in the environment fixes the factor (a number from 1 to `MAX_TIME_SCALE`); the
 * first measurement stores it there, so Playwright's and Vitest's workers, which inherit the
 * environment, use the runner's factor instead of measuring their own busy machine again.
 */
import { pbkdf2Sync } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';

/** PBKDF2 iterations of one probe run. */
export const PROBE_ITERATIONS = 120_000;
/** Milliseconds one probe run takes on a quiet 2-core CI machine (measured 2026-11-27: 20 ms). */
export const REFERENCE_PROBE_MS = 20;
/** The largest factor: beyond it a run is better stopped than waited for. */
export const MAX_TIME_SCALE = 8;

/**
 * Measures the factor now, without reading or writing the environment.
 * @returns {{ scale: number, load: number, cores: number, probeMs: number }} the factor, the
 *   1-minute load average, the cores, and the probe's median in milliseconds
 */
export function measureTimeScale() {
  const runs = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    pbkdf2Sync('bcp', 'time-scale', PROBE_ITERATIONS, 32, 'sha256');
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  const probeMs = runs[2];
  const cores = availableParallelism();
  const load = loadavg()[0];
  const factor = Math.max(1, load / cores, probeMs / REFERENCE_PROBE_MS);
  return { scale: Math.round(Math.min(MAX_TIME_SCALE, factor) * 10) / 10, load, cores, probeMs };
}

/**
 * The run's factor: `TEST_TIME_SCALE` when set, otherwise measured now and stored in
 * `TEST_TIME_SCALE` for the processes this one starts.
 * @param {NodeJS.ProcessEnv} [env] the environment to read and write (default `process.env`)
 * @returns {number} a factor from 1 to `MAX_TIME_SCALE`
 * @throws {Error} when `TEST_TIME_SCALE` is set to anything else
 */
export function timeScale(env = process.env) {
  const fixed = env.TEST_TIME_SCALE;
  if (fixed !== undefined && fixed !== '') {
    const scale = Number(fixed);
    if (!Number.isFinite(scale) || scale < 1 || scale > MAX_TIME_SCALE) {
      throw new Error(`TEST_TIME_SCALE must be a number from 1 to ${MAX_TIME_SCALE}, not "${fixed}"`);
    }
    return scale;
  }
  const { scale } = measureTimeScale();
  env.TEST_TIME_SCALE = String(scale);
  return scale;
}

/**
 * A timeout for this machine.
 * @param {number} milliseconds the limit on a quiet machine
 * @returns {number} the limit times the run's factor, in whole milliseconds
 */
export function scaled(milliseconds) {
  return Math.round(milliseconds * timeScale());
}
