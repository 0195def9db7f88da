/**
 * `npm run bench`: seeds (once) the `bcp_bench` PostgreSQL database with 1,000,000 persons, then
 * benchmarks the anonymous ID search of the real app beside a bare `node:http` server, and the
 * staff lists (issue 25: every back-office list, p95 target 50 ms, median of --list-rounds rounds,
 * stopping on a sequential scan of a large table), and the benefits export (issue 18:
 * 1,100,000 rows as CSV and XLSX, peak RSS target 200 MB).
 * Then the message delivery bench (issue 15 item 3; `messages.bench.ts`): notification emails per
 * second end to end to a local SMTP server, beside a bare nodemailer loop.
 * Then the file upload bench (issue 16; `file-upload.bench.ts`): a generated member file end to end
 * through the API (upload, validate, stage, accept) beside a plain COPY, with the server's peak RSS.
 * Flags: --duration SECONDS (10), --connections N (20), --warmup SECONDS (3), --ids N (10000),
 * --rounds N (1), --messages N (1000), --only search|lists|messages|uploads|export|hostile-files|soak (just that
 * bench; export: the benefits export bench, issue 18: rows/s and the server's peak RSS, >= 3 rounds;
 * hostile-files: issue 34's hostile member files, `hostile-files.bench.ts`, --hostile-rounds N (3);
 * soak: issue 40's memory soak of the built server on PGlite, `soak.bench.ts`, --soak-minutes N (5),
 * --soak-connections N (4), --soak-live-heap),
 * --list-duration S (5), --list-rounds N (3), --redis URL|none (redis://127.0.0.1:6379),
 * --upload-rows N (1000000), --upload-rounds N (3), --pglite-rows N (100000), --pglite-rounds N (3);
 * or BENCH_DURATION, BENCH_CONNECTIONS, BENCH_ROUNDS. BENCH_DATABASE_URL: where to create `bcp_bench`.
 */
import { failCommandLine, parseCommandLine } from '../../../scripts/lib/command-line.mjs';

const command = 'npm run bench';
const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} -- [--duration S] [--connections N] [--warmup S] [--ids N] [--rounds N]
                        [--messages N] [--only search|lists|messages|uploads|export|hostile-files|soak] [--upload-rows N]
                        [--list-duration S] [--list-rounds N] [--list-plans-only] [--lists NAMES] [--redis URL|none]
                        [--upload-rounds N] [--pglite-rows N] [--pglite-rounds N] [--hostile-rounds N]
                        [--soak-minutes N] [--soak-connections N] [--soak-live-heap]

Benchmarks (README "Benchmarks"), on PostgreSQL (BENCH_DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/test; the database bcp_bench is created and seeded once):
the anonymous ID search of the real app beside a bare node:http server, every staff list,
the benefits export, then message delivery end to end, then a member file uploaded end to end.

  --duration S      seconds measured per target and round (default 10; BENCH_DURATION)
  --connections N   concurrent connections (default 20; BENCH_CONNECTIONS)
  --warmup S        warm-up seconds, once (default 3)
  --ids N           ID numbers searched in turn (default 10000)
  --rounds N        rounds (default 1; BENCH_ROUNDS); 3 for figures worth quoting
  --messages N      emails in the message bench (default 1000)
  --only search     only the ID search bench (seeds bcp_bench once): the app's requests/s
                    beside the bare server's, and their ratio (issue 22 item 5, goal 0.7)
  --only lists      only the staff lists bench (seeds bcp_bench once): EXPLAIN of every list
                    query (stops on a sequential scan of a large table), then requests/s and
                    p50/p95/p99 of each list, median of the rounds, against p95 <= 50 ms
  --list-duration S seconds per list and round (default 5)
  --list-rounds N   rounds of the lists bench (default 3, at least 3)
  --list-plans-only the lists bench's EXPLAIN check and query times only, no load
  --lists NAMES     only these lists of the lists bench, comma-separated (e.g. claims,enrichment records)
  --redis URL       REDIS_URL of the app in the lists bench (default redis://127.0.0.1:6379;
                    BENCH_REDIS_URL), or none (then the app checks staff sessions in PostgreSQL
                    on every request)
  --only messages   only the message bench (no seeding)
  --only uploads    only the upload bench (no seeding)
  --only export     only the benefits export bench (seeds bcp_bench once)
  --only hostile-files  only the hostile member files (issue 34, no seeding): each refused how fast,
                    the server's peak RSS and its slowest GET /api/health meanwhile, median of rounds
  --hostile-rounds N rounds of it (default 3)
  --only soak       only the memory soak (issue 40 item 5; run npm run build first): the built server
                    on embedded PGlite in a fresh folder under member and staff requests, its RSS
                    every 10 s, start/peak/end and the slope (MB/min) over the second half
  --soak-minutes N  minutes of load in the soak (default 5)
  --soak-connections N requests in flight in the soak (default 4)
  --soak-live-heap  also the V8 heap still referenced after a full collection at each sample (the
                    collections lower the RSS: leave it off for the RSS figures)
  --upload-rows N   rows of the PostgreSQL upload (default 1000000)
  --upload-rounds N rounds of it (default 3)
  --pglite-rows N   rows of the PGlite upload (default 100000)
  --pglite-rounds N rounds of it (default 3)
  -h, --help        this text`,
  options: {
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '20' },
    warmup: { type: 'string', default: '3' },
    ids: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '1' },
    messages: { type: 'string', default: '1000' },
    'upload-rows': { type: 'string', default: '1000000' },
    'upload-rounds': { type: 'string', default: '3' },
    'pglite-rows': { type: 'string', default: '100000' },
    'pglite-rounds': { type: 'string', default: '3' },
    'hostile-rounds': { type: 'string', default: '3' },
    'soak-minutes': { type: 'string', default: '5' },
    'soak-connections': { type: 'string', default: '4' },
    'soak-live-heap': { type: 'boolean', default: false },
    only: { type: 'string' },
    'list-duration': { type: 'string', default: '5' },
    'list-rounds': { type: 'string', default: '3' },
    'list-plans-only': { type: 'boolean', default: false },
    lists: { type: 'string' },
    redis: { type: 'string', default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
if (
  values.only !== undefined &&
  !['search', 'lists', 'messages', 'uploads', 'export', 'hostile-files', 'soak'].includes(values.only)
) {
  failCommandLine(command, '--only takes: search, lists, messages, uploads, export, hostile-files, soak');
}
if (values.redis !== 'none' && !/^rediss?:\/\//.test(values.redis)) {
  failCommandLine(command, '--redis takes a redis:// URL or none');
}

/** A whole number flag, at least `min`. */
function readNumber(name: keyof typeof values, min: number): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) failCommandLine(command, `--${name} must be a whole number >= ${min}`);
  return value;
}

const options = {
  durationSeconds: readNumber('duration', 1),
  connections: readNumber('connections', 1),
  warmupSeconds: readNumber('warmup', 0),
  idNumbers: readNumber('ids', 2),
  rounds: readNumber('rounds', 1),
};

// The benches (the app, the database drivers) are loaded once the command line is read, so
// --help and a wrong option answer without them (a second and more less per start).
const [
  { default: pg },
  { adminDatabaseUrl, ensureBenchDatabase, readRowCounts },
  { runExportBench },
  { runUploadBench },
  { runHostileFilesBench },
  { runIdSearchBench },
  { runMessageBench },
  { describeLoadAverage, describeMachine, describeRowCounts },
  { BENCH_PERSONS, seedBenchDatabase },
  { runSoakBench },
  { runStaffListBench },
] = await Promise.all([
  import('pg'),
  import('./bench-database.js'),
  import('./export.bench.js'),
  import('./file-upload.bench.js'),
  import('./hostile-files.bench.js'),
  import('./id-search.bench.js'),
  import('./messages.bench-report.js'),
  import('./report.js'),
  import('./seed-bench-database.js'),
  import('./soak.bench.js'),
  import('./staff-lists.bench.js'),
]);

/** The upload bench's options from the flags. */
const uploadOptions = () => ({
  rows: readNumber('upload-rows', 0),
  rounds: readNumber('upload-rounds', 0),
  pgliteRows: readNumber('pglite-rows', 0),
  pgliteRounds: readNumber('pglite-rounds', 0),
});

if (values.only === 'uploads') {
  await runUploadBench(adminDatabaseUrl(), uploadOptions());
  process.exit(0);
}

if (values.only === 'soak') {
  await runSoakBench({
    minutes: readNumber('soak-minutes', 1),
    connections: readNumber('soak-connections', 1),
    liveHeap: values['soak-live-heap'],
  });
  process.exit(0);
}

if (values.only === 'hostile-files') {
  await runHostileFilesBench({ rounds: readNumber('hostile-rounds', 1) });
  process.exit(0);
}

/** The staff lists bench's options from the flags. */
const listOptions = (databaseUrl: string) => ({
  databaseUrl,
  connections: options.connections,
  durationSeconds: readNumber('list-duration', 1),
  warmupSeconds: options.warmupSeconds,
  rounds: readNumber('list-rounds', 3),
  plansOnly: values['list-plans-only'],
  only: values.lists?.split(',').map((name) => name.trim()),
  serverEnv: { REDIS_URL: values.redis === 'none' ? '' : values.redis },
});

if (values.only === 'lists') {
  const databaseUrl = await ensureBenchDatabase(adminDatabaseUrl());
  const seed = await seedBenchDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const postgresVersion = (await client.query('show server_version')).rows[0].server_version;
    console.info(`machine:  ${describeMachine(postgresVersion)}`);
    console.info(`database: ${describeRowCounts(await readRowCounts(client))}`);
    console.info(`seed:     ${seed.seeded ? `seeded now in ${(seed.seedMs / 1000).toFixed(1)} s` : 'reused'}`);
    await runStaffListBench(client, listOptions(databaseUrl));
  } finally {
    await client.end();
  }
  process.exit(0);
}

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
    'setup:    each server in its own Node process (pg pool of 10 each), put under load one at a time, never two;\n' +
      '          autocannon runs in this process. On 2 cores the load generator, the server and PostgreSQL share\n' +
      '          the CPU, so absolute figures are lower bounds; every target shares it the same way, so the ratio holds.\n' +
      '          Other work on the machine skews a run: see the load averages; each round measures the three servers\n' +
      '          in turn, starting one further each round.\n',
  );
  await runIdSearchBench(client, { ...options, databaseUrl });
  if (values.only === 'search') process.exit(0);
  await runStaffListBench(client, listOptions(databaseUrl));
  await runExportBench(client, { databaseUrl, rounds: options.rounds });
  await runMessageBench(adminDatabaseUrl(), { messages: readNumber('messages', 1), rounds: options.rounds });
  await runUploadBench(adminDatabaseUrl(), uploadOptions());
  console.info(`\n${describeLoadAverage()} (after)`);
} finally {
  await client.end();
}
