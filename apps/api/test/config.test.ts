import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { ConfigError, ensureAppSecret, loadConfig, logFormatOptions } from '../src/config.js';

const PRODUCTION_SECRETS = {
  APP_SECRET: 'a-production-secret-of-at-least-32-chars',
  IDENTITY_PROVIDER: 'iidentifii',
  IIDENTIFII_BASE_URL: 'https://verify.example.com',
  IIDENTIFII_API_KEY: 'key',
  IIDENTIFII_CALLBACK_SECRET: 'callback-secret-0123',
};

const PRINT_DATA_DIR = "const { loadConfig } = await import('./src/config.ts'); console.log(loadConfig({}).dataDir);";

describe('configuration from the environment', () => {
  it('keeps its data in .data at the repository root, whatever folder the command runs in (issue 23 item 3)', () => {
    const repositoryRoot = resolve(import.meta.dirname, '../../..');
    expect(loadConfig({}).dataDir).toBe(join(repositoryRoot, '.data'));
    // The same from apps/api, where `npm run dev` and the CLIs run.
    const fromApi = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', '--input-type=module', '-e', PRINT_DATA_DIR],
      {
        cwd: resolve(import.meta.dirname, '..'),
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: '' },
        timeout: scaled(30_000),
      },
    );
    expect(fromApi.stdout.trim()).toBe(join(repositoryRoot, '.data'));
  });

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
      {
        PORT: '8080',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://u@127.0.0.1:5432/x',
        NODE_ENV: 'production',
        ...PRODUCTION_SECRETS,
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/app/var/data',
      databaseUrl: 'postgres://u@127.0.0.1:5432/x',
      env: 'production',
    });
  });

  it('refuses production without APP_SECRET, or with the identity sandbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, APP_SECRET: '' })).toThrow(
      /APP_SECRET: is required in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION_SECRETS, NODE_ENV: 'production', IDENTITY_PROVIDER: 'sandbox' })).toThrow(
      /IDENTITY_PROVIDER: the sandbox provider is not allowed in production/,
    );
  });

  it('refuses http:// webhook endpoints in production (issue 26 item 3)', () => {
    expect(() => loadConfig({ ...PRODUCTION_SECRETS, NODE_ENV: 'production', WEBHOOK_ALLOW_HTTP: 'true' })).toThrow(
      /WEBHOOK_ALLOW_HTTP: http:\/\/ webhook endpoints are not allowed in production/,
    );
    expect(loadConfig({ WEBHOOK_ALLOW_HTTP: 'true' }).webhooks.allowHttp).toBe(true);
  });

  it('asks for every iidentifii setting when that provider is chosen', () => {
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'iidentifii', IIDENTIFII_API_KEY: 'k' })).toThrow(
      /IIDENTIFII_BASE_URL: is required.*IIDENTIFII_CALLBACK_SECRET: is required/,
    );
  });

  it('creates an app secret once outside production and keeps it in DATA_DIR', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bcp-secret-'));
    const first = ensureAppSecret(loadConfig({ DATA_DIR: dataDir }));
    const second = ensureAppSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.appSecret).toBe(first.appSecret);
    expect(ensureAppSecret(loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(32) })).appSecret).toBe(
      'x'.repeat(32),
    );
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
      timeout: scaled(30_000),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration. PORT:');
  });

  it('LOG_FORMAT: JSON lines by default, pino-pretty on request, anything else refused (issue 41 item 4)', () => {
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'colour' })).toThrow(/LOG_FORMAT:/);
    expect(logFormatOptions('json')).toEqual({});
    // The server's logger with the pretty options writes readable lines, not JSON, to stdout.
    const script = [
      "const { default: Fastify } = await import('fastify');",
      "const { logFormatOptions } = await import('./src/config.ts');",
      "const app = Fastify({ logger: { level: 'info', ...logFormatOptions('pretty') } });",
      "app.log.info({ fundId: 7 }, 'pretty hello');",
      'await app.close();',
    ].join('\n');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', '--input-type=module', '-e', script],
      {
        cwd: resolve(import.meta.dirname, '..'),
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        timeout: scaled(30_000),
      },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: pretty hello\n {4}fundId: 7\n/);
  });
});
