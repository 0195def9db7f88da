import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 37 item 2: the alert rules in deploy/prometheus/alerts.yml are valid
 * (`promtool check rules`) and behave as their unit tests say (`promtool test rules`), and a
 * wrong expectation does fail (so the passing run means something). promtool is Debian's
 * `prometheus` package; without it these tests fail and say how to install it.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rulesDir = path.join(repoRoot, 'deploy/prometheus');

/** Runs promtool; fails with the install command when it is missing. */
function promtool(args: string[], cwd = repoRoot): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd, encoding: 'utf8' });
  if (run.error) throw new Error(`promtool is not installed (${run.error.message}): run apt-get install prometheus`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('Prometheus alert rules (deploy/prometheus/alerts.yml)', () => {
  let scratch = '';
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'bcp-alert-rules-'));
  });
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('passes promtool check rules', () => {
    const run = promtool(['check', 'rules', 'deploy/prometheus/alerts.yml']);
    expect(run.output).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });

  it('passes its unit tests: promtool test rules deploy/prometheus/alerts.test.yml', () => {
    const run = promtool(['test', 'rules', 'deploy/prometheus/alerts.test.yml']);
    expect(run.output).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });

  it('the example scrape configuration deploy/prometheus/prometheus.yml passes promtool check config', () => {
    const dir = mkdtempSync(path.join(scratch, 'config-'));
    for (const file of ['prometheus.yml', 'alerts.yml']) {
      writeFileSync(path.join(dir, file), readFileSync(path.join(rulesDir, file)));
    }
    // The token file the configuration names, beside it as in /etc/prometheus.
    writeFileSync(path.join(dir, 'bcp-metrics-token'), 'metrics-token-0123456789-abcdef\n');
    const run = promtool(['check', 'config', 'prometheus.yml'], dir);
    expect(run.output).toContain('is valid prometheus config file syntax');
    expect(run.status).toBe(0);
  });

  it('fails a unit test whose expectation is wrong (the error-rate alert does not fire at 1%)', () => {
    writeFileSync(path.join(scratch, 'alerts.yml'), readFileSync(path.join(rulesDir, 'alerts.yml')));
    const tests = readFileSync(path.join(rulesDir, 'alerts.test.yml'), 'utf8');
    const wrong = tests.replace(
      /(- name: error rate of 1% stays quiet[\s\S]*?alertname: BcpHighErrorRate\n\s*exp_alerts:) \[\]/,
      '$1\n          - exp_labels: { severity: page, job: bcp-api }',
    );
    expect(wrong).not.toBe(tests);
    writeFileSync(path.join(scratch, 'alerts.test.yml'), wrong);
    const run = promtool(['test', 'rules', 'alerts.test.yml'], scratch);
    expect(run.status).not.toBe(0);
    expect(run.output).toContain('BcpHighErrorRate');
  });
});
