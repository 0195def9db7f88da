import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every script of ours that takes options (issue 23 item 5): how it is started. */
const SCRIPTS: [name: string, argv: string[]][] = [
  ['npm run build', ['scripts/build.mjs']],
  ['npm run bench:web', ['scripts/bench-web.mjs']],
  ['npm run size', ['scripts/first-load-budget.mjs']],
  ['node scripts/test-summary.mjs', ['scripts/test-summary.mjs']],
  ['node scripts/ensure-test-tools.mjs', ['scripts/ensure-test-tools.mjs']],
  ['node scripts/ops/backup-restore-roundtrip.mjs', ['scripts/ops/backup-restore-roundtrip.mjs']],
  ...(
    [
      ['npm run demo:generate', 'apps/api/src/modules/file-uploads/demo/generate-member-file.cli.ts'],
      ['npm run demo:claim', 'apps/api/src/modules/file-uploads/demo/demo-claim.cli.ts'],
      ['npm run admin:create', 'apps/api/src/modules/users/create-admin.cli.ts'],
      ['npm run audit:verify', 'apps/api/src/modules/audits/verify-audit-chain.cli.ts'],
      ['npm run migrate', 'apps/api/src/db/migrate.cli.ts'],
      ['npm run secrets:rotate', 'apps/api/src/operations/rotate-secrets.cli.ts'],
      ['npm run bench', 'apps/api/bench/run.ts'],
      ['npm run test:load', 'apps/api/bench/load-suite.ts'],
    ] as const
  ).map(([name, file]): [string, string[]] => [name, ['--import', 'tsx', '--conditions=source', file]]),
];

/**
 * Runs `node argv` from the repository's root, as `npm run` would; @returns its exit status and
 * output. Asynchronous, so the file's commands run side by side (`it.concurrent`): each spends
 * most of its time starting (tsx, imports) and the worker need not wait for each in turn.
 */
function run(
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      argv,
      { cwd: ROOT, encoding: 'utf8', timeout: scaled(60_000), env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        resolve({ status: error ? (typeof code === 'number' ? code : null) : 0, stdout, stderr });
      },
    );
  });
}

describe.concurrent('our scripts on the command line (issue 23 items 5 and 6)', () => {
  it.for(SCRIPTS)('%s --help prints its usage and exits 0', async ([name, argv], { expect }) => {
    const result = await run([...argv, '--help']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it.for(SCRIPTS)(
    '%s with a bad option prints one line and exits 2, without a stack trace',
    async ([name, argv], { expect }) => {
      const result = await run([...argv, '--no-such-option']);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`${name}: Unknown option '--no-such-option' (--help for usage)\n`);
    },
  );

  it('npm run bench with a bad value names it in one line', async ({ expect }) => {
    const result = await run(['--import', 'tsx', '--conditions=source', 'apps/api/bench/run.ts', '--rounds', 'two']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('npm run bench: --rounds must be a whole number >= 1 (--help for usage)\n');
  });

  it('npm run test:load with a bad value names it in one line, before touching any database', async ({ expect }) => {
    const result = await run([
      '--import',
      'tsx',
      '--conditions=source',
      'apps/api/bench/load-suite.ts',
      '--phases',
      'calm',
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('npm run test:load: unknown phase calm (--help for usage)\n');
  });

  it('npm run demo:generate writes --out relative to the folder the command was run in', async ({ expect }) => {
    const folder = mkdtempSync(join(tmpdir(), 'bcp-demo-out-'));
    try {
      const result = await run(
        [
          '--import',
          'tsx',
          '--conditions=source',
          'apps/api/src/modules/file-uploads/demo/generate-member-file.cli.ts',
          '--members',
          '3',
          '--out',
          'members.csv',
        ],
        { INIT_CWD: folder },
      );
      expect(result.status).toBe(0);
      expect(result.stdout.trim()).toBe(`Wrote ${join(folder, 'members.csv')}`);
      expect(readFileSync(join(folder, 'members.csv'), 'utf8')).toMatch(/^id_number,first_name,last_name/);
      expect(existsSync(join(ROOT, 'members.csv'))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('git ignores generated member files and keeps the committed samples', ({ expect }) => {
    const ignored = spawnSync('git', ['check-ignore', 'members.csv', 'apps/api/members.csv'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(ignored.stdout.trim().split('\n')).toEqual(['members.csv', 'apps/api/members.csv']);
    const samples = spawnSync('git', ['check-ignore', 'docs/samples/member_file.csv'], { cwd: ROOT, encoding: 'utf8' });
    expect(samples.status).toBe(1);
  });
});
