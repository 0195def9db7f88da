/**
 * The tested backup round trip (docs/operations.md "Backups and point-in-time restore"):
 * `pg_dump` of a PostgreSQL database in the custom format, `pg_restore` of the dump into a new,
 * empty database on the same server, then a comparison of the two: the row count of every table
 * (every schema but the system ones: the product's tables, pg-boss's queue, the migrations'
 * journal) and a checksum of the content of a few tables. Exit code 0 when everything matches;
 * 1 when something differs or a step fails (the step's own message is printed); 2 for a bad
 * command line. Prints table names and counts, never row contents.
 *
 *   node scripts/ops/backup-restore-roundtrip.mjs --source postgres://user@host:5432/benefits
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { failCommandLine, parseCommandLine } from '../lib/command-line.mjs';

const command = 'node scripts/ops/backup-restore-roundtrip.mjs';
/** Tables whose content is compared row by row (a checksum), when they exist. */
const DEFAULT_CHECKSUM_TABLES = [
  'public.persons',
  'public.benefits',
  'public.person_bank_accounts',
  'public.benefit_claims',
  'public.audit_events',
];
const NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} --source URL [--target NAME] [--keep] [--dump-file PATH] [--checksum-tables LIST]

Backs up the PostgreSQL database at URL with pg_dump (custom format), restores the dump with
pg_restore into a new database on the same server, and compares the two: the row count of every
table, and a checksum of the content of a few tables. Exit code 0 when they match, 1 otherwise.
pg_dump and pg_restore must be of the server's major version or newer.

  --source URL             the database to back up (postgres://...); its user must be able to
                           create databases
  --target NAME            the new database (default: <source>_restore_<random>); must not exist
  --keep                   keep the restored database (default: dropped at the end)
  --dump-file PATH         where the dump is written and kept (default: a temporary file, removed)
  --checksum-tables LIST   comma-separated schema.table whose content is compared
                           (default: ${DEFAULT_CHECKSUM_TABLES.join(',')}, those that exist)
  -h, --help               this text`,
  options: {
    source: { type: 'string' },
    target: { type: 'string' },
    keep: { type: 'boolean' },
    'dump-file': { type: 'string' },
    'checksum-tables': { type: 'string' },
  },
});

if (!values.source) failCommandLine(command, '--source is required');
let sourceUrl;
try {
  sourceUrl = new URL(values.source);
} catch {
  failCommandLine(command, '--source must be a postgres:// URL');
}
if (!['postgres:', 'postgresql:'].includes(sourceUrl.protocol))
  failCommandLine(command, '--source must be a postgres:// URL');
const sourceName = decodeURIComponent(sourceUrl.pathname.slice(1)) || 'postgres';
const targetName = values.target ?? `${sourceName}_restore_${randomBytes(4).toString('hex')}`.slice(0, 63);
if (!NAME_PATTERN.test(targetName)) {
  failCommandLine(command, '--target must be 1-63 lower-case letters, digits and underscores');
}
if (targetName === sourceName) failCommandLine(command, '--target must differ from the source database');
const checksumTables = (values['checksum-tables'] ?? DEFAULT_CHECKSUM_TABLES.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of checksumTables) {
  const [schema, table, extra] = name.split('.');
  if (extra !== undefined || !schema || !table || !NAME_PATTERN.test(schema) || !NAME_PATTERN.test(table)) {
    failCommandLine(command, `--checksum-tables: ${name} is not schema.table`);
  }
}
const targetUrl = new URL(sourceUrl);
targetUrl.pathname = `/${targetName}`;

/** `url` without its password, for a program's command line (which `ps` shows); the password goes in PGPASSWORD. */
function withoutPassword(url) {
  const bare = new URL(url);
  bare.password = '';
  return bare.toString();
}

/** Runs a PostgreSQL client program; its output on failure becomes the error. */
function runTool(program, args) {
  const env = sourceUrl.password ? { ...process.env, PGPASSWORD: decodeURIComponent(sourceUrl.password) } : process.env;
  const result = spawnSync(program, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env });
  if (result.error) throw new Error(`${program} could not be started: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${program} failed (exit ${result.status}): ${result.stderr.trim()}`);
  return result.stdout;
}

/** The major version of a client program (`pg_dump (PostgreSQL) 15.20` → 15). */
function toolMajor(program) {
  const match = /\(PostgreSQL\) (\d+)/.exec(runTool(program, ['--version']));
  if (!match) throw new Error(`${program} --version did not name a PostgreSQL version`);
  return Number(match[1]);
}

/** Runs `fn` with a client on `url`, closed afterwards. */
async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Every table of the database but the system ones, as `schema.table`, sorted. */
async function tablesOf(client) {
  const { rows } = await client.query(`
    select n.nspname as schema, c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p')
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
     order by 1, 2`);
  return rows.map((row) => ({ schema: row.schema, name: row.name }));
}

/** `schema.table` → exact row count, for every table. */
async function rowCounts(client, tables) {
  const counts = new Map();
  for (const { schema, name } of tables) {
    const { rows } = await client.query(
      `select count(*)::bigint as n from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`,
    );
    counts.set(`${schema}.${name}`, String(rows[0].n));
  }
  return counts;
}

/** An order-independent checksum of a table's content: md5 over the sorted md5 of each row's text. */
async function checksum(client, qualified) {
  const [schema, name] = qualified.split('.');
  const { rows } = await client.query(
    `select md5(coalesce(string_agg(row_hash, '' order by row_hash), '')) as sum
       from (select md5(t::text) as row_hash from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)} t) rows`,
  );
  return rows[0].sum;
}

/** What the comparison needs of one database: its row counts and the checksums of `checksumTables`. */
async function snapshot(url) {
  return withClient(url, async (client) => {
    // The same text for timestamps on both sides, whatever the server's default.
    await client.query("set timezone = 'UTC'");
    const tables = await tablesOf(client);
    const counts = await rowCounts(client, tables);
    const sums = new Map();
    for (const qualified of checksumTables) {
      if (counts.has(qualified)) sums.set(qualified, await checksum(client, qualified));
    }
    return { counts, sums };
  });
}

const workDir = values['dump-file'] ? undefined : mkdtempSync(join(tmpdir(), 'bcp-backup-'));
const dumpFile = values['dump-file'] ?? join(workDir, `${sourceName}.dump`);
let created = false;
let failed = false;
try {
  const serverMajor = await withClient(sourceUrl, async (client) => {
    const { rows } = await client.query('show server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10_000);
  });
  for (const program of ['pg_dump', 'pg_restore']) {
    const major = toolMajor(program);
    if (major < serverMajor) {
      throw new Error(
        `${program} is version ${major}, older than the server (${serverMajor}): install the server's client tools`,
      );
    }
  }
  const started = Date.now();
  runTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${dumpFile}`,
    withoutPassword(sourceUrl),
  ]);
  const dumpedMs = Date.now() - started;
  await withClient(sourceUrl, (client) => client.query(`create database ${client.escapeIdentifier(targetName)}`));
  created = true;
  runTool('pg_restore', [
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    `--dbname=${withoutPassword(targetUrl)}`,
    dumpFile,
  ]);
  const restoredMs = Date.now() - started - dumpedMs;
  const [source, target] = [await snapshot(sourceUrl), await snapshot(targetUrl)];
  const names = [...new Set([...source.counts.keys(), ...target.counts.keys()])].sort();
  const differences = names.filter((name) => source.counts.get(name) !== target.counts.get(name));
  for (const name of differences) {
    console.error(
      `  ${name}: ${source.counts.get(name) ?? 'missing'} rows in the source, ${target.counts.get(name) ?? 'missing'} restored`,
    );
  }
  const changed = [...source.sums.keys()].filter((name) => source.sums.get(name) !== target.sums.get(name));
  for (const name of changed) console.error(`  ${name}: the content differs (checksum)`);
  const rows = [...source.counts.values()].reduce((sum, count) => sum + BigInt(count), 0n);
  console.info(`Dumped ${sourceName} in ${dumpedMs} ms, restored into ${targetName} in ${restoredMs} ms.`);
  console.info(
    `${names.length} tables, ${rows} rows; ${source.sums.size} tables compared by checksum (${[...source.sums.keys()].join(', ') || 'none'}).`,
  );
  if (differences.length > 0 || changed.length > 0) {
    failed = true;
    console.error(
      `The restore differs from the source: ${differences.length} row counts, ${changed.length} checksums.`,
    );
  } else {
    console.info('Every row count and checksum matches.');
  }
} catch (error) {
  failed = true;
  console.error(`Backup round trip failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (created && !values.keep) {
    await withClient(sourceUrl, (client) =>
      client.query(`drop database if exists ${client.escapeIdentifier(targetName)} with (force)`),
    ).catch((error) => console.error(`Could not drop ${targetName}: ${error.message}`));
  } else if (created) {
    console.info(`Kept the restored database ${targetName}.`);
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
