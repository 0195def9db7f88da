import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/** `npm run admin:create` (issue 41 item 4): the link follows PORT; the password is never printed. */
describe('npm run admin:create', () => {
  const ROOT = resolve(import.meta.dirname, '../../..');
  const PASSWORD = 'Cli#Secret-Passw0rd-4321';
  let env: Record<string, string>;
  let folder: string;
  let testDatabase: TestDatabase | undefined;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'bcp-admin-create-'));
    if (process.env.TEST_DATABASE_URL) {
      testDatabase = await createTestDatabase();
      env = { DATABASE_URL: testDatabase.url as string, DATA_DIR: folder };
    } else {
      env = { DATABASE_URL: '', DATA_DIR: folder };
    }
  });
  afterAll(async () => {
    await testDatabase?.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Runs the command (stdin not a terminal) with `args` and extra environment variables. */
  function run(args: string[], extra: Record<string, string> = {}) {
    return spawnSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', 'apps/api/src/modules/users/create-admin.cli.ts', ...args],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: scaled(180_000),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_ENV: 'test', PUBLIC_URL: '', ADMIN_PASSWORD: '', ...env, PORT: '4321', ...extra },
      },
    );
  }

  it('without a password prints a link on http://localhost:<PORT>', { timeout: scaled(200_000) }, () => {
    const result = run(['--email', 'first@example.co.za']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Created staff user');
    expect(result.stdout).toMatch(/valid 72 hours\): http:\/\/localhost:4321\/admin\/reset-password\/[\w-]+\n/);
  });

  it('takes the password from ADMIN_PASSWORD and never prints it', { timeout: scaled(200_000) }, () => {
    const result = run(['--email', 'second@example.co.za'], { ADMIN_PASSWORD: PASSWORD });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Created staff user');
    expect(result.stdout).toContain('They sign in with the password given.');
    expect(result.stdout).not.toContain('reset-password');
    expect(result.stdout).not.toContain(PASSWORD);
    expect(result.stderr).not.toContain(PASSWORD);
  });

  it('refuses --password on the command line without repeating it', { timeout: scaled(60_000) }, () => {
    const result = run(['--email', 'third@example.co.za', '--password', PASSWORD]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('ADMIN_PASSWORD');
    expect(result.stdout + result.stderr).not.toContain(PASSWORD);
  });
});
