/**
 * `npm run bench`: seeds (once) the `bcp_bench` PostgreSQL database with 1,000,000 persons, then
 * benchmarks the anonymous ID search of the real app beside a bare `node:http` server, and the
 * staff benefits list (`GET /api/v1/benefits`, p95 target 50 ms), and the benefits export (issue 18:
 * 1,100,000 rows as CSV and XLSX, peak RSS target 200 MB).
 * Then the message delivery bench (issue 15 item 3; `messages.bench.ts`): notification emails per
 * second end to end to a local SMTP server, beside a bare nodemailer loop.
 * Flags: --duration SECONDS (10), --connections N (20), --warmup SECONDS (3), --ids N (10000),
 * --rounds N (1), --messages N (1000), --only messages (just the message bench, no seeding),
 * --only export (just the benefits export bench, issue 18: rows/s and the server's peak RSS, >= 3 rounds);
 * or BENCH_DURATION, BENCH_CONNECTIONS, BENCH_ROUNDS. BENCH_DATABASE_URL: where to create `bcp_bench`.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { adminDatabaseUrl, ensureBenchDatabase, readRowCounts } from './bench-database.js';
import { runBenefitListBench } from './benefit-list.bench.js';
import { runExportBench } from './export.bench.js';
import { runIdSearchBench } from './id-search.bench.js';
import { runMessageBench } from './messages.bench-report.js';
import { describeLoadAverage, describeMachine, describeRowCounts } from './report.js';
import { BENCH_PERSONS, seedBenchDatabase } from './seed-bench-database.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '20' },
    warmup: { type: 'string', default: '3' },
    ids: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '1' },
    messages: { type: 'string', default: '1000' },
    only: { type: 'string' },
  },
});

/** A whole number flag, at least `min`. */
function readNumber(name: keyof typeof values, min: number): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number >= ${min}`);
  return value;
}

const options = {
  durationSeconds: readNumber('duration', 1),
  connections: readNumber('connections', 1),
  warmupSeconds: readNumber('warmup', 0),
  idNumbers: readNumber('ids', 2),
  rounds: readNumber('rounds', 1),
};

if (values.only === 'export') {
  const databaseUrl = await ensureBenchDatabase(adminDatabaseUrl());
  await seedBenchDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await runExportBench(client, { databaseUrl, rounds: options.rounds });
  } finally {
    await client.end();
  }
  process.exit(0);
}

if (values.only === 'messages') {
  await runMessageBench(adminDatabaseUrl(), { messages: readNumber('messages', 1), rounds: options.rounds });
  process.exit(0);
}

const databaseUrl = await ensureBenchDatabase(adminDatabaseUrl());
const seed = await seedBenchDatabase(databaseUrl);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  const postgresVersion = (await client.query('show server_version')).rows[0].server_version;
  console.info('ID search benchmark: GET /api/app/benefits/idNumber?idNumber=... on PostgreSQL\n');
  console.info(`machine:  ${describeMachine(postgresVersion)}`);
  console.info(`          ${describeLoadAverage()} (before)`);
  console.info(
    `database: ${new URL(databaseUrl).pathname.slice(1)}: ${describeRowCounts(await readRowCounts(client))}`,
  );
  console.info(
    `seed:     ${seed.seeded ? `seeded now in ${(seed.seedMs / 1000).toFixed(1)} s` : `reused (already ${BENCH_PERSONS.toLocaleString('en-US')} persons)`}`,
  );
  console.info(
    `load:     autocannon, ${options.connections} connections, ${options.warmupSeconds} s warm-up (once) + ${options.durationSeconds} s measured per target and round, ` +
      `${options.rounds} round(s), ${options.idNumbers} ID numbers in turn (half exist, half valid but unknown)`,
  );
  console.info(
    'setup:    each server in its own Node process (pg pool of 10 each), put under load one at a time, never both;\n' +
      '          autocannon runs in this process. On 2 cores the load generator, the server and PostgreSQL share\n' +
      '          the CPU, so absolute figures are lower bounds; both targets share it the same way, so the ratio holds.\n' +
      '          Other work on the machine skews a run: see the load averages; --rounds 3 alternates app and bare.\n',
  );
  await runIdSearchBench(client, { ...options, databaseUrl });
  await runBenefitListBench(client, { ...options, databaseUrl });
  await runExportBench(client, { databaseUrl, rounds: options.rounds });
  await runMessageBench(adminDatabaseUrl(), { messages: readNumber('messages', 1), rounds: options.rounds });
  console.info(`\n${describeLoadAverage()} (after)`);
} finally {
  await client.end();
}
