import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository's root folder (three up from `apps/api/src` or `apps/api/dist`). Relative paths
 * in the configuration (`DATA_DIR`, `WEB_DIST_DIR`) are taken from here, whichever folder a command
 * runs in (`npm start` at the root, `npm run dev` and the CLIs in `apps/api`), so every command
 * uses the same `.data` folder.
 */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** One `kid:key` of FIELD_ENCRYPTION_KEYS: an id of 1-32 letters, digits, `_`, `-`, and 32 bytes in base64. */
const FIELD_KEY_PATTERN = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_-]{43}=?)$/;

/**
 * FIELD_ENCRYPTION_KEYS (decision 055): comma-separated `kid:base64key`, the first encrypts, the
 * rest only decrypt; unset: values are encrypted with the APP_SECRET-derived key as before.
 */
const fieldEncryptionKeys = optionalString.transform((value, context) => {
  const keys: { kid: string; key: Buffer }[] = [];
  for (const entry of (value ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = FIELD_KEY_PATTERN.exec(entry);
    if (!match) {
      context.addIssue({
        code: 'custom',
        message: 'must be comma-separated kid:key, each key 32 bytes in base64 (openssl rand -base64 32)',
      });
      return z.NEVER;
    }
    const [, kid, key] = match as unknown as [string, string, string];
    if (keys.some((known) => known.kid === kid)) {
      context.addIssue({ code: 'custom', message: `key id "${kid}" is given twice` });
      return z.NEVER;
    }
    keys.push({ kid, key: Buffer.from(key.replaceAll('-', '+').replaceAll('_', '/'), 'base64') });
  }
  return keys;
});

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === 'true' || value === '1'));

/**
 * Push services browsers subscribe with (Chrome/Edge via FCM, Firefox, Safari, Windows): web push
 * requests go only to these hosts or their subdomains, so a registered "subscription" cannot make
 * the server call anything else.
 */
const DEFAULT_WEB_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
];

/** `Config.trustProxy`: no proxy, a hop count, or the trusted proxies' addresses and ranges. */
export type TrustProxySetting = false | number | string[];

/** The most balancers a request may pass through on the way in that a hop count may name. */
const MAX_TRUSTED_HOPS = 10;
const TRUSTED_PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an IP address, or an address with a prefix length (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const version = isIP(address);
  if (version === 0) return false;
  if (slash === -1) return true;
  const prefix = entry.slice(slash + 1);
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads `TRUST_PROXY` (issue 34 item 4): unset, `false` or `0`, no proxy; a whole number 1-10, that
 * many hops nearest the server are trusted (1 behind one balancer that appends to
 * `X-Forwarded-For`); otherwise a comma-separated list of the balancers' addresses, CIDR ranges and
 * `loopback`/`linklocal`/`uniquelocal`. `true` (trust every hop) is refused: behind an appending
 * balancer it would make the per-IP limits count whatever address the client wrote.
 * @returns the setting, or a string saying what is wrong with the value
 */
export function trustProxySetting(value: string | undefined): TrustProxySetting | string {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    return 'must be a hop count (1 behind one load balancer) or the balancers\' addresses; "true" would trust every hop, so a client could choose the address its limits count';
  }
  if (/^\d{1,3}$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_TRUSTED_HOPS ? hops : `must be a hop count from 1 to ${MAX_TRUSTED_HOPS}`;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !TRUSTED_PROXY_KEYWORDS.has(entry) && !isAddressOrRange(entry));
  if (bad.length > 0) {
    const named = bad.slice(0, 3).map((entry) => JSON.stringify(entry.slice(0, 60)));
    return `must be a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal (not ${named.join(', ')})`;
  }
  return entries;
}

/**
 * Uploaded files of at least this many bytes (about 100,000 rows of a member file) have their row
 * checks run in a worker thread beside the validation job (decision 083; `UPLOAD_CHECK_WORKER_FROM_BYTES`).
 */
export const UPLOAD_CHECK_WORKER_FROM_BYTES = 10 * 1024 * 1024;

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
  /** Whether each PostgreSQL connection prepares the reads it runs (decision 081); `false` behind PgBouncer in transaction mode. */
  DATABASE_NAMED_STATEMENTS: booleanFlag(true),
  /** Uploaded files of at least this many bytes are checked in a worker thread (decision 083); 0: every file. */
  UPLOAD_CHECK_WORKER_FROM_BYTES: z.coerce.number().int().min(0).default(UPLOAD_CHECK_WORKER_FROM_BYTES),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** Where private files are kept (decision 031): `local`, under DATA_DIR; `s3`, an S3-compatible bucket. */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3-63 lower-case letters, digits, dots, dashes)',
      )
      .optional(),
  ),
  S3_REGION: z.string().min(1).max(50).default('us-east-1'),
  S3_ENDPOINT: optionalString.pipe(z.url('must be a URL such as https://s3.example.com').optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag(false),
  /** Downloads answer 302 to a signed link of the bucket (after the permission check) rather than streaming. */
  S3_DOWNLOAD_REDIRECT: booleanFlag(false),
  S3_SIGNED_URL_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` (one JSON object a line on stdout, for log collectors) or `pretty` (pino-pretty, for development). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  WEB_DIST_DIR: optionalString,
  ADMIN_DIST_DIR: optionalString,
  /** Which hops' `X-Forwarded-*` to believe (`trustProxySetting`): off, a hop count, or the balancers' addresses. */
  TRUST_PROXY: optionalString.pipe(z.string().max(2000, 'must be at most 2000 characters').optional()),
  /** Unset: on outside production, off in production (where asking for it is refused; issue 15 item 6). */
  SEED_DEMO_DATA: z.enum(['true', 'false', '1', '0', '']).optional(),
  APP_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  FIELD_ENCRYPTION_KEYS: fieldEncryptionKeys,
  PUBLIC_URL: optionalString.pipe(z.url('must be a URL such as https://benefits.example.co.za').optional()),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Benefit Finder <no-reply@benefit-finder.local>'),
  SMS_GATEWAY_URL: optionalString.pipe(z.url('must be a URL').optional()),
  SMS_GATEWAY_TOKEN: optionalString,
  BENEFIT_SEARCH_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  IDENTITY_PROVIDER: z.enum(['sandbox', 'iidentifii']).default('sandbox'),
  IIDENTIFII_BASE_URL: optionalString.pipe(z.url('must be a URL').optional()),
  IIDENTIFII_API_KEY: optionalString,
  /** Bank account verification (AVS, issue 18). Unset: the sandbox outside production, none in production. */
  BANK_VERIFICATION_PROVIDER: z.enum(['sandbox', 'stitch', 'none', '']).optional(),
  /** Stitch bank account verification (decision 056), with BANK_VERIFICATION_PROVIDER=stitch. */
  STITCH_CLIENT_ID: optionalString,
  STITCH_CLIENT_SECRET: optionalString,
  STITCH_API_URL: optionalString.pipe(z.url('must be a URL').optional()),
  STITCH_TOKEN_URL: optionalString.pipe(z.url('must be a URL').optional()),
  /** Seconds one verification (token and query) may take; the banks' real-time answers take up to 120. */
  STITCH_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(180).default(60),
  /** Tax invoices' supplier (issue 18; VAT Act s20(4)): name, address (lines split by `|`), VAT number. */
  INVOICE_SUPPLIER_NAME: z.string().max(200).default('Benefit Finder (Pty) Ltd'),
  INVOICE_SUPPLIER_ADDRESS: z.string().max(500).default('1 Example Street|Rosebank|Johannesburg|2196'),
  INVOICE_SUPPLIER_VAT_NUMBER: z
    .string()
    .regex(/^4\d{9}$/, 'must be a South African VAT number: 10 digits starting with 4')
    .default('4000000000'),
  IIDENTIFII_CALLBACK_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,90}$/, 'must be a base64url P-256 public key')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,46}$/, 'must be a base64url P-256 private key')
      .optional(),
  ),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .default('mailto:no-reply@benefit-finder.local'),
  WEB_PUSH_ALLOWED_HOSTS: z.string().default(DEFAULT_WEB_PUSH_HOSTS.join(',')),
  WEB_PUSH_CA_FILE: optionalString,
  FCM_SERVICE_ACCOUNT_FILE: optionalString,
  /** Step providers of enrichment (issue 17); unset: sandbox outside production, none in production. */
  ENRICHMENT_PROVIDER: z.enum(['sandbox', 'http', 'none', '']).optional(),
  ENRICHMENT_HTTP_BASE_URL: optionalString.pipe(z.url('must be a URL').optional()),
  ENRICHMENT_HTTP_API_KEY: optionalString,
  ENRICHMENT_POPULATION_REGISTER_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  ENRICHMENT_CONTACT_TRACE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Fraud and risk signals on claims (issue 36 item 3, decision 040).
  RISK_RECENT_CHANGE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  RISK_ACCOUNTS_PER_ORIGIN: z.coerce.number().int().min(2).max(1000).default(3),
  RISK_IDENTITY_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  /** Hours a partner file's download link works. */
  PARTNER_FILE_LINK_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /** Invitations each fund sends at most per day (SAST). */
  OUTREACH_DAILY_CAP_PER_FUND: z.coerce.number().int().min(0).max(1_000_000).default(500),
  /** Cron (5 fields, UTC) of the invitations of every active fund; unset: staff start them. */
  OUTREACH_SCHEDULE: optionalString.pipe(
    z
      .string()
      .max(100)
      .regex(/^[0-9*/,-]+( [0-9*/,-]+){4}$/, 'must be a cron expression of 5 fields, e.g. 0 7-17 * * 1-5')
      .optional(),
  ),
  /** Bearer token the SMS gateway sends with replies (STOP); unset: replies are refused. */
  SMS_INBOUND_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Partner webhooks (issue 26 item 3): http:// endpoints allowed (tests and development only). */
  WEBHOOK_ALLOW_HTTP: booleanFlag(false),
  /** Retries of a webhook delivery after the first attempt; with the delay doubling, about a day. */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(10),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(90),
  /** Seconds a partner's endpoint has to answer one attempt. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOB_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(50),
  /** Bearer token Prometheus sends to `/api/metrics` (decision 053); unset: see METRICS_PORT. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** A listener of its own for `/metrics` (decision 053), on METRICS_HOST; unset: none. */
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Retention (issue 15 item 4; README "Retention"): hours a record is kept once it is no longer needed.
  RETENTION_SCHEDULE: z
    .string()
    .max(100)
    .regex(/^[0-9*/,-]+( [0-9*/,-]+){4}$/, 'must be a cron expression of 5 fields, e.g. 17 * * * *')
    .default('17 * * * *'),
  RETENTION_SESSIONS_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(24),
  RETENTION_PINS_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(24),
  RETENTION_RESET_TOKENS_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(24),
  RETENTION_OUTBOX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(24),
  RETENTION_DELIVERIES_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(24),
  // "Is this message from us?" (decision 033): a code stays checkable for 180 days, then is deleted.
  RETENTION_MESSAGE_REFERENCES_HOURS: z.coerce
    .number()
    .int()
    .min(24)
    .max(24 * 731)
    .default(24 * 180),
});

/** Push settings (issue 5): VAPID for web push, FCM for the native app, allowed push services. */
export interface PushConfig {
  /**
   * base64url. Both unset: outside production created once in `dataDir` (`ensureVapidKeys`); in
   * production web push is off (pushes to WEB devices are recorded as undeliverable).
   */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** `mailto:` or `https:` contact sent to push services. */
  vapidSubject: string;
  /** Host names (and their subdomains) web push requests may go to. */
  allowedHosts: string[];
  /** Extra CA certificate (PEM file) trusted for push services, e.g. behind a TLS-inspecting proxy. */
  caFile: string | undefined;
  /** Firebase service account JSON; unset: APP pushes are recorded as undeliverable. */
  fcmServiceAccountFile: string | undefined;
}

/**
 * Background jobs (pg-boss): attempts after the first, delay before a retry (doubling), polling,
 * and how many jobs a worker fetches at once and runs side by side.
 */
export interface JobsConfig {
  retryLimit: number;
  retryDelaySeconds: number;
  pollIntervalSeconds: number;
  batchSize: number;
}

/**
 * Prometheus metrics (issue 37 item 1, decision 053): `token`, when set, is required as
 * `Authorization: Bearer` on `/api/metrics` (and the metrics listener); `port`, when set, serves
 * `/metrics` on a listener of its own at `host`. Production without a token answers 404 at
 * `/api/metrics`; elsewhere without a token it answers loopback clients only.
 */
export interface MetricsConfig {
  token: string | undefined;
  port: number | undefined;
  host: string;
}

/**
 * Partner webhooks (issue 26 item 3): whether http:// endpoints are allowed (tests, development),
 * the retries of a delivery (delay doubling each time: 10 retries from 90 s span about a day), and
 * the time an endpoint has to answer.
 */
export interface WebhooksConfig {
  allowHttp: boolean;
  retryLimit: number;
  retryDelaySeconds: number;
  timeoutSeconds: number;
}

/**
 * How long records are kept once they are no longer needed, in hours, and when the purge runs
 * (issue 15 item 4; POPIA: personal data no longer than needed). Audit events are never purged.
 */
export interface RetentionConfig {
  /** Cron (5 fields, UTC) of the purge job. */
  schedule: string;
  /** Sessions, after they expired or were revoked. */
  sessionsHours: number;
  /** One-time PINs, after they were used, replaced or expired. */
  pinsHours: number;
  /** Password-reset tokens, after they were used or expired. */
  resetTokensHours: number;
  /** Outbox rows (email/SMS texts, PINs included outside production), after they were created, unless still pending. */
  outboxHours: number;
  /** Notification deliveries, after they completed (sent, failed or undeliverable). */
  deliveriesHours: number;
  /** Message reference codes ("Is this message from us?", decision 033), after the message was sent. */
  messageReferencesHours: number;
}

/** Enrichment step providers (issue 17) and how long their results are reused. */
export interface EnrichmentConfig {
  /**
   * `sandbox`: deterministic answers by ID number; `http`: a bureau gateway at `http.baseUrl`
   * (platform/enrichment/http-step-providers.ts); `none`: the bureau steps have no provider.
   */
  provider: 'sandbox' | 'http' | 'none';
  /** The bureau gateway (`ENRICHMENT_HTTP_BASE_URL`, `ENRICHMENT_HTTP_API_KEY`), with `provider: 'http'`. */
  http?: { baseUrl: string; apiKey: string };
  /** Days a population register result is reused. */
  populationRegisterDays: number;
  /** Days a contact trace result is reused. */
  contactTraceDays: number;
}

/** Tracing partner files and outreach (issue 17). */
/** The thresholds of the claims' fraud and risk signals (issue 36 item 3, decision 040). */
export interface RiskConfig {
  /** Bank details, phone or email changed at most this many days before submission raise a flag (0: off). */
  recentChangeDays: number;
  /** This many member accounts (the claimant's included) signed up from one IP address or device within 24 hours raise a flag. */
  accountsPerOrigin: number;
  /** This many failed identity checks of the member raise a flag. */
  identityFailures: number;
}

export interface OutreachConfig {
  /** Hours a partner file's download link works. */
  partnerFileLinkHours: number;
  /** Invitations each fund sends at most per day (SAST). */
  dailyCapPerFund: number;
  /** The SMS gateway's bearer token for replies; undefined: replies are refused. */
  smsInboundToken: string | undefined;
  /** Cron (UTC) of the invitations of every active fund; undefined: only when staff start them. */
  schedule: string | undefined;
}

/** Identity verification provider settings (spec 7 `beneficiary-sessions/iidentifii`). */
export type IdentityProviderConfig =
  /** Built-in sandbox: serves its own page where the person passes or fails; development and tests only. */
  { provider: 'sandbox' } | { provider: 'iidentifii'; baseUrl: string; apiKey: string; callbackSecret: string };

/** Stitch's bank account verification API (decision 056): OAuth client credentials, GraphQL endpoint, time budget. */
export interface StitchSettings {
  clientId: string;
  clientSecret: string;
  /** `STITCH_API_URL`, default `https://api.stitch.money/graphql`. */
  apiUrl: string;
  /** `STITCH_TOKEN_URL`, default `https://secure.stitch.money/connect/token`. */
  tokenUrl: string;
  /** Milliseconds one verification (token and query together) may take. */
  timeoutMs: number;
}

/** Bank account verification (AVS): the built-in sandbox, Stitch, or none (verifications answer 503). */
export type BankVerificationConfig = { provider: 'sandbox' | 'none' } | { provider: 'stitch'; stitch: StitchSettings };

/** An S3-compatible bucket for private files (`FILE_STORE=s3`). */
export interface S3StoreConfig {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL (MinIO, Ceph, s3rver); undefined: AWS itself. */
  endpoint: string | undefined;
  /** Both unset: the SDK's default credential chain (environment, instance or task role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (most S3-compatible servers). */
  forcePathStyle: boolean;
}

/**
 * The private file store (decision 031): a folder under `dataDir` (one machine), or an S3 bucket
 * (several API processes). With S3, `downloadRedirect` makes downloads answer 302 to a signed
 * link valid `signedUrlSeconds`, given only after the permission check.
 */
export type FileStoreConfig =
  | { kind: 'local' }
  | { kind: 's3'; s3: S3StoreConfig; downloadRedirect: boolean; signedUrlSeconds: number };

/** Who issues tax invoices (VAT Act s20(4)): shown on every invoice. */
export interface InvoiceSupplierConfig {
  name: string;
  /** Address lines. */
  address: string[];
  vatNumber: string;
}

/** The validated server configuration. Paths are absolute. */
export interface Config {
  env: 'development' | 'production' | 'test';
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  host: string;
  /** PostgreSQL URL; undefined means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Each PostgreSQL connection prepares the reads it runs (`DATABASE_NAMED_STATEMENTS`, decision 081). */
  databaseNamedStatements: boolean;
  /** Files of at least this many bytes are validated with their row checks in a worker thread (decision 083). */
  uploadCheckWorkerFromBytes: number;
  /** Embedded database and (with the local file store) stored files live here. */
  dataDir: string;
  /** Where private files are kept (`FILE_STORE`, `S3_*`). */
  files: FileStoreConfig;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /**
   * How log lines are written to stdout (`LOG_FORMAT`): `json`, one JSON object a line; `pretty`,
   * coloured readable lines through pino-pretty (a devDependency: development only).
   */
  logFormat: z.infer<typeof EnvSchema>['LOG_FORMAT'];
  /** The built web app served at `/`; undefined: the default `apps/web/dist`. */
  webDistDir: string | undefined;
  /** The built back office served at `/admin`; undefined: the default `apps/admin/dist`. */
  adminDistDir: string | undefined;
  /**
   * Which `X-Forwarded-*` hops to believe (behind a load balancer): `false` none; a number, that
   * many hops nearest the server (the client is the address the outermost trusted balancer
   * appended); a list, the balancers' addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`.
   * Never "every hop" (issue 34 item 4).
   */
  trustProxy: TrustProxySetting;
  /** Create the demo fund and members when the database has no fund; never in production. */
  seedDemoData: boolean;
  /**
   * Key for HMACs (OTP hashes, signed callbacks). Required in production; elsewhere
   * `ensureAppSecret` creates one in `dataDir`.
   */
  appSecret: string | undefined;
  /**
   * FIELD_ENCRYPTION_KEYS (decision 055): the keys of secrets at rest, the first encrypts, the
   * rest only decrypt; empty: the APP_SECRET-derived key (platform/crypto/field-encryption).
   */
  fieldEncryptionKeys: { kid: string; key: Buffer }[];
  /** The address people and providers reach the server at (links in messages, callbacks). */
  publicUrl: string;
  /** Redis for rate limits and live fan-out across processes; memory when unset. */
  redisUrl: string | undefined;
  /** Email: SMTP when `smtpUrl` is set; otherwise messages are only recorded in the outbox. */
  mail: { smtpUrl: string | undefined; from: string };
  /** SMS: an HTTP gateway when `gatewayUrl` is set; otherwise only recorded in the outbox. */
  sms: { gatewayUrl: string | undefined; gatewayToken: string | undefined };
  identity: IdentityProviderConfig;
  bankVerification: BankVerificationConfig;
  invoiceSupplier: InvoiceSupplierConfig;
  /** Anonymous ID searches allowed per client IP per hour (issue 4: default 30). */
  benefitSearchLimitPerHour: number;
  push: PushConfig;
  jobs: JobsConfig;
  metrics: MetricsConfig;
  webhooks: WebhooksConfig;
  retention: RetentionConfig;
  enrichment: EnrichmentConfig;
  risk: RiskConfig;
  outreach: OutreachConfig;
}

/** Thrown when an environment variable has a bad value; the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration from environment variables. Relative `DATA_DIR` and
 * `WEB_DIST_DIR` are resolved against `baseDir` (default: the repository root, `REPOSITORY_ROOT`).
 * @throws ConfigError naming each variable with a bad value, e.g. `PORT: ...`
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, baseDir = REPOSITORY_ROOT): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration. ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const problems: string[] = [];
  if (values.NODE_ENV === 'production' && !values.APP_SECRET) problems.push('APP_SECRET: is required in production');
  const seedDemoData =
    values.SEED_DEMO_DATA === undefined || values.SEED_DEMO_DATA === ''
      ? values.NODE_ENV !== 'production'
      : values.SEED_DEMO_DATA === 'true' || values.SEED_DEMO_DATA === '1';
  if (values.NODE_ENV === 'production' && seedDemoData) {
    // Generated members have valid ID numbers that may be real people's (POPIA).
    problems.push('SEED_DEMO_DATA: demo data is not allowed in production');
  }
  if (values.NODE_ENV === 'production' && values.WEBHOOK_ALLOW_HTTP) {
    problems.push('WEBHOOK_ALLOW_HTTP: http:// webhook endpoints are not allowed in production');
  }
  if (values.NODE_ENV === 'production' && values.IDENTITY_PROVIDER === 'sandbox') {
    problems.push('IDENTITY_PROVIDER: the sandbox provider is not allowed in production');
  }
  const enrichmentProvider = values.ENRICHMENT_PROVIDER || (values.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (values.NODE_ENV === 'production' && enrichmentProvider === 'sandbox') {
    problems.push('ENRICHMENT_PROVIDER: the sandbox provider is not allowed in production');
  }
  if (enrichmentProvider === 'http') {
    for (const name of ['ENRICHMENT_HTTP_BASE_URL', 'ENRICHMENT_HTTP_API_KEY'] as const) {
      if (!values[name]) problems.push(`${name}: is required when ENRICHMENT_PROVIDER is http`);
    }
  }
  const bankVerificationProvider =
    values.BANK_VERIFICATION_PROVIDER || (values.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (values.NODE_ENV === 'production' && bankVerificationProvider === 'sandbox') {
    problems.push('BANK_VERIFICATION_PROVIDER: the sandbox provider is not allowed in production');
  }
  if (bankVerificationProvider === 'stitch') {
    for (const name of ['STITCH_CLIENT_ID', 'STITCH_CLIENT_SECRET'] as const) {
      if (!values[name]) problems.push(`${name}: is required when BANK_VERIFICATION_PROVIDER is stitch`);
    }
    for (const name of ['STITCH_API_URL', 'STITCH_TOKEN_URL'] as const) {
      const url = values[name];
      if (values.NODE_ENV === 'production' && url && !url.startsWith('https://')) {
        problems.push(`${name}: must be an https:// URL in production`);
      }
    }
  }
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  if (values.IDENTITY_PROVIDER === 'iidentifii') {
    for (const name of ['IIDENTIFII_BASE_URL', 'IIDENTIFII_API_KEY', 'IIDENTIFII_CALLBACK_SECRET'] as const) {
      if (!values[name]) problems.push(`${name}: is required when IDENTITY_PROVIDER is iidentifii`);
    }
  }
  if (values.FILE_STORE === 's3' && !values.S3_BUCKET) problems.push('S3_BUCKET: is required when FILE_STORE is s3');
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  const trustProxy = trustProxySetting(values.TRUST_PROXY);
  if (typeof trustProxy === 'string') problems.push(`TRUST_PROXY: ${trustProxy}`);
  if (values.FILE_STORE !== 's3' && values.S3_DOWNLOAD_REDIRECT) {
    problems.push('S3_DOWNLOAD_REDIRECT: needs FILE_STORE=s3');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration. ${problems.join('; ')}`);
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(baseDir, path));
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    databaseNamedStatements: values.DATABASE_NAMED_STATEMENTS,
    uploadCheckWorkerFromBytes: values.UPLOAD_CHECK_WORKER_FROM_BYTES,
    dataDir: absolute(values.DATA_DIR),
    files:
      values.FILE_STORE === 's3'
        ? {
            kind: 's3',
            s3: {
              bucket: values.S3_BUCKET as string,
              region: values.S3_REGION,
              endpoint: values.S3_ENDPOINT,
              accessKeyId: values.S3_ACCESS_KEY_ID,
              secretAccessKey: values.S3_SECRET_ACCESS_KEY,
              forcePathStyle: values.S3_FORCE_PATH_STYLE,
            },
            downloadRedirect: values.S3_DOWNLOAD_REDIRECT,
            signedUrlSeconds: values.S3_SIGNED_URL_SECONDS,
          }
        : { kind: 'local' },
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    webDistDir: values.WEB_DIST_DIR === undefined ? undefined : absolute(values.WEB_DIST_DIR),
    adminDistDir: values.ADMIN_DIST_DIR === undefined ? undefined : absolute(values.ADMIN_DIST_DIR),
    trustProxy: trustProxy as TrustProxySetting,
    seedDemoData,
    appSecret: values.APP_SECRET,
    fieldEncryptionKeys: values.FIELD_ENCRYPTION_KEYS,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    redisUrl: values.REDIS_URL,
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
    sms: { gatewayUrl: values.SMS_GATEWAY_URL, gatewayToken: values.SMS_GATEWAY_TOKEN },
    benefitSearchLimitPerHour: values.BENEFIT_SEARCH_LIMIT_PER_HOUR,
    push: {
      vapidPublicKey: values.VAPID_PUBLIC_KEY,
      vapidPrivateKey: values.VAPID_PRIVATE_KEY,
      vapidSubject: values.VAPID_SUBJECT,
      allowedHosts: values.WEB_PUSH_ALLOWED_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      caFile: values.WEB_PUSH_CA_FILE === undefined ? undefined : absolute(values.WEB_PUSH_CA_FILE),
      fcmServiceAccountFile:
        values.FCM_SERVICE_ACCOUNT_FILE === undefined ? undefined : absolute(values.FCM_SERVICE_ACCOUNT_FILE),
    },
    jobs: {
      retryLimit: values.JOB_RETRY_LIMIT,
      retryDelaySeconds: values.JOB_RETRY_DELAY_SECONDS,
      pollIntervalSeconds: values.JOB_POLL_INTERVAL_SECONDS,
      batchSize: values.JOB_BATCH_SIZE,
    },
    metrics: { token: values.METRICS_TOKEN, port: values.METRICS_PORT, host: values.METRICS_HOST },
    webhooks: {
      allowHttp: values.WEBHOOK_ALLOW_HTTP,
      retryLimit: values.WEBHOOK_RETRY_LIMIT,
      retryDelaySeconds: values.WEBHOOK_RETRY_DELAY_SECONDS,
      timeoutSeconds: values.WEBHOOK_TIMEOUT_SECONDS,
    },
    retention: {
      schedule: values.RETENTION_SCHEDULE,
      sessionsHours: values.RETENTION_SESSIONS_HOURS,
      pinsHours: values.RETENTION_PINS_HOURS,
      resetTokensHours: values.RETENTION_RESET_TOKENS_HOURS,
      outboxHours: values.RETENTION_OUTBOX_HOURS,
      deliveriesHours: values.RETENTION_DELIVERIES_HOURS,
      messageReferencesHours: values.RETENTION_MESSAGE_REFERENCES_HOURS,
    },
    enrichment: {
      provider: enrichmentProvider,
      ...(enrichmentProvider === 'http'
        ? {
            http: {
              baseUrl: values.ENRICHMENT_HTTP_BASE_URL as string,
              apiKey: values.ENRICHMENT_HTTP_API_KEY as string,
            },
          }
        : {}),
      populationRegisterDays: values.ENRICHMENT_POPULATION_REGISTER_DAYS,
      contactTraceDays: values.ENRICHMENT_CONTACT_TRACE_DAYS,
    },
    risk: {
      recentChangeDays: values.RISK_RECENT_CHANGE_DAYS,
      accountsPerOrigin: values.RISK_ACCOUNTS_PER_ORIGIN,
      identityFailures: values.RISK_IDENTITY_FAILURES,
    },
    outreach: {
      partnerFileLinkHours: values.PARTNER_FILE_LINK_HOURS,
      dailyCapPerFund: values.OUTREACH_DAILY_CAP_PER_FUND,
      smsInboundToken: values.SMS_INBOUND_TOKEN,
      schedule: values.OUTREACH_SCHEDULE,
    },
    bankVerification:
      bankVerificationProvider === 'stitch'
        ? {
            provider: 'stitch',
            stitch: {
              clientId: values.STITCH_CLIENT_ID as string,
              clientSecret: values.STITCH_CLIENT_SECRET as string,
              apiUrl: values.STITCH_API_URL ?? 'https://api.stitch.money/graphql',
              tokenUrl: values.STITCH_TOKEN_URL ?? 'https://secure.stitch.money/connect/token',
              timeoutMs: Math.round(values.STITCH_TIMEOUT_SECONDS * 1000),
            },
          }
        : { provider: bankVerificationProvider },
    invoiceSupplier: {
      name: values.INVOICE_SUPPLIER_NAME,
      address: values.INVOICE_SUPPLIER_ADDRESS.split('|')
        .map((line) => line.trim())
        .filter(Boolean),
      vatNumber: values.INVOICE_SUPPLIER_VAT_NUMBER,
    },
    identity:
      values.IDENTITY_PROVIDER === 'iidentifii'
        ? {
            provider: 'iidentifii',
            baseUrl: values.IIDENTIFII_BASE_URL as string,
            apiKey: values.IIDENTIFII_API_KEY as string,
            callbackSecret: values.IIDENTIFII_CALLBACK_SECRET as string,
          }
        : { provider: 'sandbox' },
  };
}

/**
 * Outside production, a missing `APP_SECRET` is created once (48 random bytes) and kept in
 * `<dataDir>/app-secret`, so OTPs and signed links survive restarts.
 * @returns the config with `appSecret` set
 */
export function ensureAppSecret(config: Config): Config & { appSecret: string } {
  if (config.appSecret) return { ...config, appSecret: config.appSecret };
  const path = join(config.dataDir, 'app-secret');
  if (!existsSync(path)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(path, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return { ...config, appSecret: readFileSync(path, 'utf8').trim() };
}

/**
 * Pino's options for a log format (`LOG_FORMAT`), spread into the server's logger options:
 * `json` adds nothing (pino's JSON lines on stdout); `pretty` sends the lines through pino-pretty
 * (a worker thread writing readable, time-stamped lines to stdout). pino-pretty is a
 * devDependency of @bcp/api: with `npm ci --omit=dev` the server stops at start asking for it.
 * @param format the configured `logFormat`
 * @returns `{}` or `{ transport }` for `Fastify({ logger: { ... } })`
 */
export function logFormatOptions(format: Config['logFormat']): {
  transport?: { target: string; options: Record<string, unknown> };
} {
  if (format === 'json') return {};
  return {
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
  };
}
