import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { assertErrorContract, checkErrorContract } from './error-contract.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Every log line the server wrote, parsed. */
  logs: Record<string, unknown>[];
  /** With `listen: true`: the server's address, `http://127.0.0.1:<port>` (also `config.publicUrl`). */
  baseUrl?: string;
  close(): Promise<void>;
}

/** What `loadConfig` needs to start in production (no sandbox identity provider, a set secret). */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  APP_SECRET: 'production-app-secret-0123456789-abcdefghij',
  IDENTITY_PROVIDER: 'iidentifii',
  IIDENTIFII_BASE_URL: 'https://iidentifii.example.com',
  IIDENTIFII_API_KEY: 'test-api-key',
  IIDENTIFII_CALLBACK_SECRET: 'callback-secret-0123456789',
};

/**
 * The environment of a test server: the test environment, no demo data, no built apps, a fixed
 * `APP_SECRET`, files in `dataDir`; `env` adds to or overrides it. A child process started with it
 * (`fork(…, { env })`) configures itself as `testConfig` does.
 */
export function testEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(tmpdir(), 'bcp-no-web-build'),
    ADMIN_DIST_DIR: join(tmpdir(), 'bcp-no-admin-build'),
    APP_SECRET: 'test-app-secret-0123456789-abcdefghijklmnop',
    ...env,
  };
}

/**
 * The configuration of a test server: `loadConfig` of `testEnv(dataDir, env)`.
 * @throws ConfigError when `env` holds a value `loadConfig` refuses
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig(testEnv(dataDir, env));
}

/** A TCP port free right now on 127.0.0.1 (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server on a fresh database, for `app.inject` tests. `env` overrides configuration;
 * `prepare` may register extra routes before the server is ready. `listen: true` also makes it
 * listen on 127.0.0.1 with `PUBLIC_URL` set to that address, for code that calls the server back
 * over real HTTP (the identity sandbox).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    prepare?: (app: FastifyInstance) => void | Promise<void>;
    listen?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const port = options.listen ? await freePort() : undefined;
  const baseUrl = port === undefined ? undefined : `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bcp-test-'));
  const config = testConfig(dataDir, {
    LOG_LEVEL: 'info',
    ...(baseUrl ? { PUBLIC_URL: baseUrl } : {}),
    ...options.env,
  });
  const logs: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      callback();
    },
  });
  const app = await buildApp({ config, database: database.handle, logStream });
  // Every error answer of the suite's journeys is checked against the catalogue and the document.
  const errorContract = checkErrorContract(app);
  await options.prepare?.(app);
  await app.ready();
  if (port !== undefined) await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    database,
    config,
    logs,
    ...(baseUrl ? { baseUrl } : {}),
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      assertErrorContract(errorContract);
    },
  };
}

/** Cookie and header that pass the XSRF check, for state-changing requests in tests. */
export function xsrfPair(token = 'test-xsrf-token-0123456789') {
  return { cookies: { 'XSRF-TOKEN': token }, headers: { 'x-xsrf-token': token } };
}
