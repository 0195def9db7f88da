import { randomBytes } from 'node:crypto';
import { type Config, loadConfig } from '../src/config.js';

/**
 * The production configuration the benches run the real app with (`loadConfig` as production
 * starts): logging silent, no demo data, a fresh app secret (or `APP_SECRET` when set: processes
 * sharing sessions and PINs must share it), and an identity provider configured
 * but never called. The per-IP search limit is raised so the load generator (one IP) is never
 * throttled; the rate-limit hook still runs and counts every request.
 * @param env the environment (`DATABASE_URL`, `DATA_DIR`, ...); default `process.env`
 */
export function benchServerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig({
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'silent',
    SEED_DEMO_DATA: 'false',
    APP_SECRET: env.APP_SECRET || randomBytes(48).toString('base64url'),
    // Production refuses the sandbox provider; this one is configured but never called by the benches.
    IDENTITY_PROVIDER: 'iidentifii',
    IIDENTIFII_BASE_URL: 'http://127.0.0.1:9/',
    IIDENTIFII_API_KEY: 'bench',
    IIDENTIFII_CALLBACK_SECRET: 'bench-callback-secret',
  });
  return { ...config, benefitSearchLimitPerHour: 1_000_000_000 };
}
