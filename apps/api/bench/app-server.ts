/**
 * The real product for the bench: the production start-up path (`loadConfig` then `startServer`:
 * open PostgreSQL, `buildApp`, migrations, listen), logging silent, no demo data, and the per-IP
 * search limit raised so the load generator (one IP) is never throttled. The rate-limit hook still
 * runs and counts every request, as in production. Run as a child process by the bench
 * (`DATABASE_URL` in its environment); it reports its port over IPC.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  APP_SECRET: randomBytes(48).toString('base64url'),
  // Production refuses the sandbox provider; this one is configured but never called by the search.
  IDENTITY_PROVIDER: 'iidentifii',
  IIDENTIFII_BASE_URL: 'http://127.0.0.1:9/',
  IIDENTIFII_API_KEY: 'bench',
  IIDENTIFII_CALLBACK_SECRET: 'bench-callback-secret',
});
const app = await startServer({ ...config, benefitSearchLimitPerHour: 1_000_000_000 });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.once('disconnect', () => process.exit(0));
process.send?.({ port: (app.server.address() as AddressInfo).port });
