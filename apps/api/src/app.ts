import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, logFormatOptions, type TrustProxySetting } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { countClaimMoves } from './modules/benefit-claims/index.js';
import { MODULES } from './modules/modules.js';
import { authenticatePartnerApiKey } from './modules/partners/index.js';
import { countWebhookDeliveries } from './modules/webhooks/index.js';
import { installAuditChain } from './platform/audit/install-audit-chain.js';
import { installAccessControl } from './platform/auth/route-access.js';
import { createStaffAuthCache, registerStaffAuthCache } from './platform/auth/staff-auth-cache.js';
import { createBankVerificationProvider } from './platform/bank-verification/bank-verification-provider.js';
import { type Clock, createClock } from './platform/clock/clock.js';
import { createFieldKeyring, registerFieldKeyring } from './platform/crypto/field-encryption.js';
import { errorBody, sendErrorBody } from './platform/errors/error-body.js';
import { installErrorHandling, sendError } from './platform/errors/error-handler.js';
import type { FileStore } from './platform/files/file-store.js';
import { createFileStore, signedDownloadOrigin } from './platform/files/file-stores.js';
import { installBodySizeGuard } from './platform/http/body-size.js';
import { answerClientError } from './platform/http/client-error.js';
import { installCompression } from './platform/http/compression.js';
import { checkOperationIds, installOpenApi } from './platform/http/openapi.js';
import { parseQueryString } from './platform/http/query-string.js';
import { installRateLimits } from './platform/http/rate-limit.js';
import { registerModules } from './platform/http/route-modules.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import { installStrictInput } from './platform/http/strict-input.js';
import { validatorCompiler } from './platform/http/validation.js';
import { installWebApp, isAppRoute } from './platform/http/web-app.js';
import { installXsrfProtection } from './platform/http/xsrf.js';
import { createIdentityProvider, type IdentityProvider } from './platform/identity/identity-provider.js';
import { createJobQueue, JOB_QUEUE_SETUP_LOCK_KEY, type JobQueue } from './platform/jobs/job-queue.js';
import { logRedactionOptions } from './platform/logging/log-redaction.js';
import { devOutboxRoutes } from './platform/messaging/dev-outbox.routes.js';
import { createMessenger, type Messenger } from './platform/messaging/messenger.js';
import { installMetrics } from './platform/metrics/install-metrics.js';
import { installRetention } from './platform/retention/install-retention.js';
import { traceLogFields } from './platform/tracing/trace-log-fields.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database every service is given. */
    db: Database;
    config: Config;
    /** Background jobs on the database (pg-boss; platform/jobs): started when the app is ready. */
    jobs: JobQueue;
    /** Records email and SMS and delivers them as jobs (platform/messaging). */
    messenger: Messenger;
    /** The identity verification provider chosen by configuration. */
    identityProvider: IdentityProvider;
    /** The time for rules of the time of day and of elapsed days (tests may set it). */
    clock: Clock;
    /** The private file store chosen by configuration (local folder or S3; decision 031). */
    files: FileStore;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go (default standard output); tests capture them. */
  logStream?: NodeJS.WritableStream;
}

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_ADMIN_DIST_DIR = fileURLToPath(new URL('../../admin/dist', import.meta.url));
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * What Fastify's `trustProxy` is given for `TRUST_PROXY` (issue 34 item 4). A hop count becomes
 * "the `hops` addresses nearest the server are balancers": Fastify reads a bare number as trusting
 * nothing (it cannot tell a balancer from a client that reached the server directly), so the README
 * says a hop count is for servers reached only through their balancers, and the balancers'
 * addresses for the rest. A list is passed as it is (addresses, CIDR ranges, `loopback`, ...).
 */
function proxyTrust(setting: TrustProxySetting): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/**
 * Builds the HTTP server: logging with request ids, security headers, XSRF, one error shape,
 * OpenAPI, the API surfaces under `/api`, the built back office under `/admin` and the built web
 * app, each with its SPA fallback.
 * The database must already be migrated.
 */
export async function buildApp({ config, database, logStream }: AppDependencies): Promise<FastifyInstance> {
  if (!config.appSecret) throw new Error('config.appSecret is required (see ensureAppSecret)');
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tests pass a stream; otherwise stdout, as JSON lines or pino-pretty's (LOG_FORMAT).
      ...(logStream ? { stream: logStream } : logFormatOptions(config.logFormat)),
      // Personal data and secrets never reach a log line (issue 13 item 9).
      ...logRedactionOptions(),
      // The active span's trace_id and span_id on every line while tracing is on (decision 054).
      mixin: traceLogFields,
    },
    trustProxy: proxyTrust(config.trustProxy),
    // Our genReqId reads `x-request-id` itself, keeping only well-formed ids.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A plugin may take up to 60 s to start (avvio's default, 10 s, failed the start of a healthy
    // server on a machine at load 30: '@fastify/swagger-ui' reads its files; issue 41).
    pluginTimeout: 60_000,
    // Request input is hostile (issue 13): one safe query parser; the router's own errors (a bad
    // percent escape, an over-long id) and the HTTP parser's in the one error shape.
    routerOptions: { querystringParser: parseQueryString },
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  // Verified staff sessions cached, dropped in every process on any change of access (decision 029).
  const staffAuthCache = createStaffAuthCache({ redisUrl: config.redisUrl, databaseKind: database.kind, log: app.log });
  registerStaffAuthCache(database.db, staffAuthCache);
  app.addHook('onClose', async () => {
    registerStaffAuthCache(database.db, undefined);
    await staffAuthCache?.close();
  });
  // Secrets at rest are encrypted under FIELD_ENCRYPTION_KEYS, else the APP_SECRET-derived key (decision 055).
  const unregisterFieldKeyring = registerFieldKeyring(
    config.appSecret,
    createFieldKeyring(config.appSecret, config.fieldEncryptionKeys),
  );
  app.addHook('onClose', async () => unregisterFieldKeyring());
  app.decorate('config', config);
  const jobs = createJobQueue({
    db: database.db,
    kind: database.kind,
    config: config.jobs,
    log: app.log,
    // Processes starting together on one database set pg-boss up one after the other.
    withSetupLock: (fn) => database.withLock(JOB_QUEUE_SETUP_LOCK_KEY, fn),
  });
  app.decorate('jobs', jobs);
  // Queues are declared while plugins register; workers start once the app is ready. Messages and
  // notifications not yet delivered stay queued in the database across a restart.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  app.decorate('messenger', createMessenger({ db: database.db, config, log: app.log, jobs }));
  // Pooled SMTP connections close once the workers have stopped (preClose).
  app.addHook('onClose', async () => app.messenger.close());
  app.decorate('identityProvider', createIdentityProvider(config, { logger: app.log }));
  app.decorate('clock', createClock());
  const files = createFileStore(config.files, config.dataDir);
  app.decorate('files', files);
  app.addHook('onClose', async () => files.close());
  app.decorate('bankVerification', createBankVerificationProvider(config, { logger: app.log }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  installErrorHandling(app);
  installBodySizeGuard(app);
  // JSON, multipart and form bodies only: a text/plain body is 415 `unsupported_media_type`, not a
  // string the route's schema then refuses as 422 (issue 39 item 1).
  app.removeContentTypeParser('text/plain');
  const downloadOrigin = signedDownloadOrigin(config.files);
  await installSecurityHeaders(app, { connectSources: downloadOrigin ? [downloadOrigin] : [] });
  await installCompression(app);
  await app.register(cookie);
  // Callers without our cookies: partners (API keys), identity providers (signed callbacks), and
  // the built-in identity sandbox, which stands in for a provider's own site.
  installXsrfProtection(app, {
    exemptPrefixes: [
      '/api/v2/',
      '/api/app/identity-verifications/callback',
      '/api/identity-sandbox/',
      // Modules' own, e.g. the SMS gateway passing replies on (bearer token; issue 17).
      ...MODULES.flatMap((module) => module.xsrfExemptPrefixes ?? []),
    ],
    cachedFilePrefixes: ['/assets/', '/admin/assets/'],
  });
  await installOpenApi(app);
  installAccessControl(app, { authenticatePartner: (key) => authenticatePartnerApiKey(app.db, key) });
  // Every documented route names its own operation (schema.operationId), once.
  checkOperationIds(app);
  // Unknown query parameters (every surface) and partner body fields are a 422 naming them (decision 060).
  installStrictInput(app);
  const pingRedis = await installRateLimits(app, config.redisUrl);
  // Prometheus metrics at /api/metrics (issue 37; decision 053): before the modules' routes, whose requests it counts.
  installMetrics(app, {
    countWebhookDeliveries: () => countWebhookDeliveries(app.db),
    countClaimMoves: () => countClaimMoves(app.db),
    pingRedis,
  });

  // Purges what is no longer needed on a schedule (issue 15 item 4; README "Retention").
  installRetention(app);
  // Chains audit events by hash every minute (issue 36 item 5; decision 039).
  installAuditChain(app);
  // Every module by its module.ts (modules/modules.ts): their jobs and hooks, then their routes. Each
  // /api/v1 route declares its permission (platform/auth/route-access.ts), each route its operationId.
  await registerModules(app, MODULES, { pingRedis });
  // Development only: read the outbox (and the latest OTP for a destination); absent in production.
  if (config.env !== 'production') await app.register(devOutboxRoutes, { prefix: '/api' });

  const sourceMaps = config.env !== 'production';
  // The back office (issue 19) first, in its own scope under /admin: its files, and its
  // index.html for every /admin page. Security headers, compression and XSRF are the root's hooks.
  await app.register(
    async (admin) => {
      const adminFallback = await installWebApp(admin, config.adminDistDir ?? DEFAULT_ADMIN_DIST_DIR, { sourceMaps });
      admin.setNotFoundHandler((request, reply) => {
        if (adminFallback && isAppRoute(request)) return adminFallback(request, reply);
        return sendErrorBody(request, reply, errorBody('not_found', 'Not found.'));
      });
    },
    { prefix: '/admin' },
  );
  const appFallback = await installWebApp(app, config.webDistDir ?? DEFAULT_WEB_DIST_DIR, { sourceMaps });
  app.setNotFoundHandler((request, reply) => {
    if (appFallback && isAppRoute(request)) return appFallback(request, reply);
    return sendErrorBody(request, reply, errorBody('not_found', 'Not found.'));
  });
  return app;
}
