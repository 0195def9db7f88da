/**
 * `npm run test:load`: the load and fault suites (issue 22 item 4; README "Load and fault suites").
 * Seeds a fresh small PostgreSQL database (`bcp_load`: persons, benefits, members with passwords,
 * a partner with an API key), starts two API processes (production start-up, `app-server.ts`)
 * sharing it, Redis and an S3 bucket (s3rver; `--files local`: one folder), behind a round-robin
 * balancer (`load-balancer.ts`), and
 * runs the day-in-the-life mix (`load-mix.ts`, autocannon) three times:
 * 1. steady: throughput, p50/p95/p99 per call, errors (target 0 errors, p99 under 500 ms);
 * 2. PostgreSQL fault mid-run: every backend of the load database terminated
 *    (pg_terminate_backend), or with --allow-pg-restart (or LOAD_ALLOW_PG_RESTART=1) the cluster
 *    restarted (`pg_ctlcluster --skip-systemctl-redirect <version> main restart`: it affects every
 *    user of the machine's PostgreSQL);
 * 3. one of the two processes killed mid-run (SIGKILL); the balancer sends on to the other.
 * After each run every write answered 2xx is looked for in the database (0 lost), and the
 * recovery time (fault to the last error) is printed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { failCommandLine, parseCommandLine } from '../../../scripts/lib/command-line.mjs';
import type { ChildServer } from './child-server.js';
import type { LoadMember, MixRun } from './load-mix.js';

const command = 'npm run test:load';
const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} -- [--duration S] [--rate N] [--connections N] [--members N] [--persons N]
                        [--phases steady,postgres,kill] [--allow-pg-restart] [--redis URL]
                        [--files s3|local]

The load and fault suites (README "Load and fault suites"), on PostgreSQL (BENCH_DATABASE_URL,
default postgres://postgres@127.0.0.1:5432/test; the database bcp_load is dropped and seeded anew).

  --duration S        seconds of each run (default 300)
  --rate N            requests per second, all connections together (default 30)
  --connections N     concurrent connections (default 12)
  --members N         members with passwords who sign in (default 2000)
  --persons N         persons (with benefits) in the database (default 20000)
  --phases LIST       runs, in order: steady, postgres (fault), kill (one process) (default all)
  --allow-pg-restart  the PostgreSQL fault restarts the cluster (pg_ctlcluster; the whole machine's
                      PostgreSQL) instead of terminating the load database's backends; or
                      LOAD_ALLOW_PG_RESTART=1
  --redis URL         the processes' REDIS_URL (default redis://127.0.0.1:6379/15, a database of
                      its own); its rate-limit counters are cleared at the start
  --files s3|local    where the processes keep documents: an S3-compatible bucket (s3rver started
                      by the suite, presigned links checked as S3 does; default) or one local
                      folder both processes share
  -h, --help          this text`,
  options: {
    duration: { type: 'string', default: '300' },
    rate: { type: 'string', default: '30' },
    connections: { type: 'string', default: '12' },
    members: { type: 'string', default: '2000' },
    persons: { type: 'string', default: '20000' },
    phases: { type: 'string', default: 'steady,postgres,kill' },
    'allow-pg-restart': { type: 'boolean', default: process.env.LOAD_ALLOW_PG_RESTART === '1' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379/15' },
    files: { type: 'string', default: 's3' },
  },
});

/** A whole number flag, at least `min`. */
function readNumber(name: 'duration' | 'rate' | 'connections' | 'members' | 'persons', min: number): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) failCommandLine(command, `--${name} must be a whole number >= ${min}`);
  return value;
}
const options = {
  durationSeconds: readNumber('duration', 5),
  rate: readNumber('rate', 1),
  connections: readNumber('connections', 1),
  members: readNumber('members', 10),
  persons: readNumber('persons', 100),
};
const phases = String(values.phases).split(',');
for (const phase of phases) {
  if (!['steady', 'postgres', 'kill'].includes(phase)) failCommandLine(command, `unknown phase ${phase}`);
}
if (options.members > options.persons) failCommandLine(command, '--members must not exceed --persons');
if (!/^rediss?:\/\//.test(String(values.redis))) failCommandLine(command, '--redis takes a redis:// URL');
if (values.files !== 's3' && values.files !== 'local') failCommandLine(command, '--files takes s3 or local');

// Loaded once the command line is read: --help and a wrong option answer without them (faster).
const [
  { sql },
  { Redis },
  { default: pg },
  { openDatabase },
  { createApiKey },
  { createPartner },
  { hashPassword },
  { startS3Server },
  { adminDatabaseUrl },
  { startChildServer },
  { pickSearchIdNumbers },
  { startLoadBalancer },
  { runMix },
  { describeLoadAverage, describeMachine },
  { migrateBenchDatabase },
  { insertBenefitsSql, insertPersonsSql },
  { staffToken },
] = await Promise.all([
  import('drizzle-orm'),
  import('ioredis'),
  import('pg'),
  import('../src/db/client.js'),
  import('../src/modules/partners/partner-api-keys.service.js'),
  import('../src/modules/partners/partners.service.js'),
  import('../src/platform/auth/passwords.js'),
  import('../test/support/s3-server.js'),
  import('./bench-database.js'),
  import('./child-server.js'),
  import('./id-numbers.js'),
  import('./load-balancer.js'),
  import('./load-mix.js'),
  import('./report.js'),
  import('./seed-bench-database.js'),
  import('./seed-sql.js'),
  import('./staff-token.js'),
]);

const LOAD_DATABASE = 'bcp_load';
const PASSWORD = 'Load#Suite2026';
/** The smallest PDF (what its magic bytes make it). */
const DOCUMENT = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/**
 * Submitted claims seeded for staff to review and the partner to decide: one per cycle of the mix
 * (about a tenth of its requests), for every run, of members who do not sign in during the runs.
 */
const submittedClaimsToSeed = Math.min(
  options.persons - options.members,
  Math.ceil((options.rate * options.durationSeconds * phases.length) / 10) + 100,
);

/**
 * Drops and creates `bcp_load`, migrates it and seeds persons, benefits, accounts (members who
 * sign in, and others whose first benefit is claimed and submitted) and a partner key.
 */
async function seedLoadDatabase(
  adminUrl: string,
): Promise<{ url: string; members: LoadMember[]; submittedClaimIds: number[] }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${LOAD_DATABASE} with (force)`);
  await admin.query(`create database ${LOAD_DATABASE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${LOAD_DATABASE}`;
  await migrateBenchDatabase(url.toString());
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const fund = await client.query<{ id: string }>(
      `insert into funds (name, registration_number) values ('Load Fund', '99/9/22004') returning id`,
    );
    await client.query(insertPersonsSql(options.persons));
    await client.query(insertBenefitsSql(), [fund.rows[0]?.id]);
    // One password hash for every member (argon2 is slow on purpose).
    await client.query(
      `insert into person_users (person_id, email, phone_number, password_hash, two_factor_method,
         iidentifii_verified, iidentifii_verified_at, terms_accepted_at)
       select id, 'load-' || id || '@example.test', '+2783' || lpad(id::text, 7, '0'), $1, 'SMS', true, now(), now()
       from persons order by id limit $2`,
      [await hashPassword(PASSWORD), options.members + submittedClaimsToSeed],
    );
    // Each account's first unclaimed benefit; the accounts of the first `members` persons sign in.
    const accounts = await client.query<{
      id_number: string;
      phone_number: string;
      person_user_id: string;
      benefit_id: string;
      signs_in: boolean;
    }>(
      `select distinct on (p.id) p.id_number, pu.phone_number, pu.id as person_user_id, b.id as benefit_id,
         p.id in (select id from persons order by id limit $1) as signs_in
       from person_users pu join persons p on p.id = pu.person_id
       join benefits b on b.person_id = p.id and b.status = 'unclaimed'
       order by p.id, b.id`,
      [options.members],
    );
    const members = accounts.rows.filter((row) => row.signs_in);
    const others = accounts.rows.filter((row) => !row.signs_in);
    // The others' benefits, claimed and submitted (the benefit marked claimed, as a submission
    // does): staff review them and the fund's administrator decides them in the mix.
    const submitted = await client.query<{ id: string }>(
      `with marked as (update benefits set status = 'claimed' where id = any($1::bigint[]))
       insert into benefit_claims (benefit_id, fund_id, person_user_id, status, submitted_at)
       select chosen.benefit_id, b.fund_id, chosen.person_user_id, 'submitted', now()
       from unnest($1::bigint[], $2::bigint[]) as chosen (benefit_id, person_user_id)
       join benefits b on b.id = chosen.benefit_id
       returning id`,
      [others.map((row) => row.benefit_id), others.map((row) => row.person_user_id)],
    );
    await client.query('vacuum analyze');
    return {
      url: url.toString(),
      submittedClaimIds: submitted.rows.map((row) => Number(row.id)).sort((a, b) => a - b),
      members: members.map((row) => ({
        idNumber: row.id_number,
        phoneNumber: row.phone_number,
        benefitId: Number(row.benefit_id),
      })),
    };
  } finally {
    await client.end();
  }
}

/** An SMS gateway on 127.0.0.1 keeping the newest PIN (6 digits in the message) per phone number. */
async function startPinGateway() {
  const pins = new Map<string, string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { to, message } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; message: string };
      const pin = /\b(\d{6})\b/.exec(message)?.[1];
      if (pin) pins.set(to, pin);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"id":"load"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    pinFor: (phoneNumber: string) => pins.get(phoneNumber),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every 2xx write of the run, looked for in the database: how many of each kind are missing. */
async function lostWrites(url: string, run: MixRun): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = async (query: string, ids: Set<number>) =>
      Number((await client.query(query, [[...ids]])).rows[0].count);
    const checks = {
      'claims started': [run.writes.claims, 'select count(*) from benefit_claims where id = any($1)'],
      'documents uploaded': [run.writes.documents, 'select count(*) from claim_documents where id = any($1)'],
      'tasks created': [run.writes.tasksCreated, 'select count(*) from tasks where id = any($1)'],
      'tasks decided': [
        run.writes.tasksCompleted,
        `select count(*) from tasks where id = any($1) and status = 'completed'`,
      ],
      'claims reviewed': [
        run.writes.claimsReviewed,
        `select count(*) from benefit_claims where id = any($1) and status <> 'submitted'`,
      ],
      'claims decided': [
        run.writes.claimsDecided,
        `select count(*) from benefit_claims where id = any($1) and status in ('approved', 'rejected')`,
      ],
    } as const;
    const report: Record<string, string> = {};
    for (const [name, [ids, query]] of Object.entries(checks)) {
      const present = await found(query, ids);
      report[name] = `${ids.size - present} lost of ${ids.size}`;
    }
    return report;
  } finally {
    await client.end();
  }
}

const ms = (micros: number) => (micros / 1000).toFixed(1);

/** Prints a run's figures: throughput, per call count, p50/p95/p99 (ms) and errors. */
function printRun(name: string, run: MixRun, faultAtMs: number | undefined, lost: Record<string, string>): void {
  const errors = [...run.errors.values()].reduce((sum, value) => sum + value, 0);
  console.info(
    `\n== ${name}: ${(run.totalRequests / run.seconds).toFixed(1)} requests/s over ${run.seconds.toFixed(0)} s, ` +
      `${run.totalRequests} requests, ${errors} errors`,
  );
  console.info('call             requests   p50 ms   p95 ms   p99 ms   errors');
  for (const [label, histogram] of [...run.latency.entries()].sort()) {
    console.info(
      `${label.padEnd(16)} ${String(histogram.count).padStart(8)} ${ms(histogram.percentile(50)).padStart(8)} ` +
        `${ms(histogram.percentile(95)).padStart(8)} ${ms(histogram.percentile(99)).padStart(8)} ${String(run.errors.get(label) ?? 0).padStart(8)}`,
    );
  }
  if (run.errorStatuses.size > 0) {
    console.info(
      `errors by call and status: ${[...run.errorStatuses].map(([key, count]) => `${key} x${count}`).join(', ')}`,
    );
  }
  console.info(`member steps skipped (PIN not yet delivered): ${run.pinNotYetDelivered}`);
  if (faultAtMs !== undefined) {
    const after = run.errorTimes.filter((at) => at >= faultAtMs);
    const recovery = after.length > 0 ? (Math.max(...after) - faultAtMs) / 1000 : 0;
    console.info(
      `fault at ${(faultAtMs / 1000).toFixed(1)} s; errors after it: ${after.length}; recovery (fault to last error): ${recovery.toFixed(1)} s`,
    );
  }
  console.info(
    `acknowledged writes: ${Object.entries(lost)
      .map(([kind, text]) => `${kind} ${text}`)
      .join('; ')}`,
  );
}

const adminUrl = adminDatabaseUrl();
console.info(
  `load suite: ${phases.join(', ')}; ${options.durationSeconds} s each at ${options.rate} requests/s, ${options.connections} connections`,
);
const seed = await seedLoadDatabase(adminUrl);
const probe = new pg.Client({ connectionString: seed.url });
await probe.connect();
console.info(`machine:  ${describeMachine((await probe.query('show server_version')).rows[0].server_version)}`);
console.info(
  `database: ${LOAD_DATABASE}: ${options.persons} persons, ${seed.members.length} members signing in, ` +
    `${seed.submittedClaimIds.length} submitted claims to review and decide`,
);
const searchIdNumbers = await pickSearchIdNumbers(probe, 2000);
await probe.end();

/**
 * Clears the rate-limit counters (`bcp-rate-limit-*`) of the processes' Redis: the seed gives the
 * same members the same ID numbers on every run of the suite, so counters left by a run less than
 * an hour before would throttle their sign-ins (429) and count as errors of this one.
 * @returns how many counters were removed
 */
async function clearRateLimitCounters(url: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let removed = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', 'bcp-rate-limit-*', 'COUNT', 1000);
      if (keys.length > 0) removed += await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return removed;
}
console.info(
  `redis:    ${String(values.redis)}: ${await clearRateLimitCounters(String(values.redis))} rate-limit counters of earlier runs cleared`,
);

const gateway = await startPinGateway();
const dataDir = mkdtempSync(join(tmpdir(), 'bcp-load-'));
// Documents in a bucket both processes use, as a deployment of several processes keeps them
// (decision 031); `--files local`: the one folder under DATA_DIR both share.
const bucket = values.files === 's3' ? await startS3Server('bcp-load-files') : undefined;
console.info(
  `files:    ${bucket ? `S3 bucket ${bucket.bucket} at ${bucket.endpoint} (s3rver, started by the suite)` : `local folder ${dataDir}, shared`}`,
);
const serverEnv = {
  ...bucket?.env,
  DATABASE_URL: seed.url,
  DATA_DIR: dataDir,
  REDIS_URL: String(values.redis),
  TRUST_PROXY: '1',
  SMS_GATEWAY_URL: gateway.url,
  JOB_POLL_INTERVAL_SECONDS: '0.5',
  APP_SECRET: `load-suite-${Date.now()}-0123456789abcdefghijklmnop`,
};
const servers: ChildServer[] = [];
for (let index = 0; index < 2; index += 1) servers.push(await startChildServer('./app-server.ts', serverEnv));
const balancer = await startLoadBalancer(servers.map((server) => server.origin));
const database = await openDatabase({ databaseUrl: seed.url });
const token = await staffToken(database);
const system = { actor: { type: 'system', label: 'load suite' } } as const;
const partner = await createPartner(database.db, { name: 'Load Administrator', kind: 'fund-administrator' }, system);
const key = await createApiKey(database.db, partner.id, { name: 'Load' }, system);
// The partner administers the Load Fund: its calls list that fund's claims.
await database.db.execute(sql`update funds set administrator_partner_id = ${partner.id}`);
await database.close();

console.info(`setup:    2 API processes (production start-up, pg pool of 10 each, Redis, the file store above) behind a round-robin
          balancer; autocannon in this process. ${describeLoadAverage()} (before)`);

/** The PostgreSQL fault: a cluster restart when allowed, otherwise every backend of the load database terminated. */
async function postgresFault(): Promise<string> {
  if (values['allow-pg-restart']) {
    const version = readdirSync('/etc/postgresql')[0] as string;
    await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
    return `pg_ctlcluster ${version} main restart`;
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const killed = await client.query(
    'select count(*) filter (where pg_terminate_backend(pid)) as total from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [LOAD_DATABASE],
  );
  await client.end();
  return `pg_terminate_backend of ${killed.rows[0].total} backends of ${LOAD_DATABASE}`;
}

const setup = {
  origin: balancer.origin,
  members: seed.members,
  password: PASSWORD,
  searchIdNumbers,
  // Shared by the runs: each claim is reviewed and decided once.
  nextSubmittedClaim: () => seed.submittedClaimIds.shift(),
  staffToken: token,
  partnerKey: key.key,
  pinFor: gateway.pinFor,
  document: DOCUMENT,
};
try {
  for (const phase of phases) {
    let faultAtMs: number | undefined;
    let fault = '';
    const half = (options.durationSeconds * 1000) / 2;
    const run = await runMix(setup, options, (elapsedMs) => {
      if (phase === 'steady' || faultAtMs !== undefined || elapsedMs < half) return;
      faultAtMs = elapsedMs;
      if (phase === 'kill') {
        const victim = servers[1] as ChildServer;
        process.kill(victim.pid, 'SIGKILL');
        fault = `SIGKILL of API process ${victim.pid}`;
      } else {
        void postgresFault().then(
          (done) => {
            fault = done;
          },
          (error: Error) => {
            fault = `fault failed: ${error.message}`;
          },
        );
      }
    });
    const lost = await lostWrites(seed.url, run);
    const title =
      phase === 'steady'
        ? 'steady'
        : phase === 'postgres'
          ? `PostgreSQL fault (${fault})`
          : `process killed (${fault}; balancer retries: ${balancer.retried()})`;
    printRun(title, run, faultAtMs, lost);
    console.info(describeLoadAverage());
  }
} finally {
  await balancer.close();
  await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
  await gateway.close();
  await bucket?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
