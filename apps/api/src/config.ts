import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === 'true' || value === '1'));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: booleanFlag(false),
  SEED_DEMO_DATA: booleanFlag(true),
});

/** The validated server configuration. Paths are absolute. */
export interface Config {
  env: 'development' | 'production' | 'test';
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  host: string;
  /** PostgreSQL URL; undefined means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Embedded database and stored files live here. */
  dataDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** The built web app served at `/`; undefined: the default `apps/web/dist`. */
  webDistDir: string | undefined;
  /** Trust `X-Forwarded-*` headers (behind a load balancer). */
  trustProxy: boolean;
  /** Create the demo fund and members when the database has no fund. */
  seedDemoData: boolean;
}

/** Thrown when an environment variable has a bad value; the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration from environment variables.
 * @throws ConfigError naming each variable with a bad value, e.g. `PORT: ...`
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration. ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: absolute(values.DATA_DIR),
    logLevel: values.LOG_LEVEL,
    webDistDir: values.WEB_DIST_DIR === undefined ? undefined : absolute(values.WEB_DIST_DIR),
    trustProxy: values.TRUST_PROXY,
    seedDemoData: values.SEED_DEMO_DATA,
  };
}
