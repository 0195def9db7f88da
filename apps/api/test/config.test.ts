import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: undefined,
      dataDir: '/srv/app/.data',
      seedDemoData: true,
      trustProxy: false,
    });
  });

  it('honours PORT, DATA_DIR, DATABASE_URL and NODE_ENV', () => {
    const config = loadConfig(
      { PORT: '8080', DATA_DIR: 'var/data', DATABASE_URL: 'postgres://u@127.0.0.1:5432/x', NODE_ENV: 'production' },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/app/var/data',
      databaseUrl: 'postgres://u@127.0.0.1:5432/x',
      env: 'production',
    });
  });

  it('treats an empty DATABASE_URL as unset (embedded database)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['SEED_DEMO_DATA', { SEED_DEMO_DATA: 'maybe' }],
  ])('refuses a bad %s with a message naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('stops the server at start with a message naming the bad variable', () => {
    const apiDir = resolve(import.meta.dirname, '..');
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
      cwd: apiDir,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration. PORT:');
  });
});
