import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Every log line the server wrote, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * The real server on a fresh database, for `app.inject` tests. `env` overrides configuration;
 * `prepare` may register extra routes before the server is ready.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; prepare?: (app: FastifyInstance) => void | Promise<void> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'false',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bcp-test-')),
    WEB_DIST_DIR: join(tmpdir(), 'bcp-no-web-build'),
    APP_SECRET: 'test-app-secret-0123456789-abcdefghijklmnop',
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
  await options.prepare?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** Cookie and header that pass the XSRF check, for state-changing requests in tests. */
export function xsrfPair(token = 'test-xsrf-token-0123456789') {
  return { cookies: { 'XSRF-TOKEN': token }, headers: { 'x-xsrf-token': token } };
}
