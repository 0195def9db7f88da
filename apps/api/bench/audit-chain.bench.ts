/**
 * The audit chain's cost (issue 36 item 5, decision 039): `npx tsx --conditions=source
 * apps/api/bench/audit-chain.bench.ts [-- --events N] [--rounds N]`. Each round makes a fresh
 * PostgreSQL database `bcp_audit_chain_bench` (BENCH_DATABASE_URL's server, default the local
 * test one), writes N audit events as `recordAudit` does (one statement for all), then times the
 * sealer chaining them (`sealAuditChain`) and `verifyAuditChain` checking them. Prints the median
 * of the rounds with the load average; the database is dropped at the end.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { failCommandLine, parseCommandLine } from '../../../scripts/lib/command-line.mjs';
import { openDatabase } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { sealAuditChain, verifyAuditChain } from '../src/platform/audit/audit-chain.js';
import { adminDatabaseUrl } from './bench-database.js';
import { describeLoadAverage, median } from './report.js';

const command = 'npx tsx --conditions=source apps/api/bench/audit-chain.bench.ts';
const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} -- [--events N] [--rounds N]

Times the audit chain (decision 039) on a fresh PostgreSQL database per round
(bcp_audit_chain_bench on BENCH_DATABASE_URL's server, default
postgres://postgres@127.0.0.1:5432/test; dropped at the end): N events written, sealed, verified.

  --events N   audit events per round (default 100000)
  --rounds N   rounds, at least 3 (default 3); the median is printed
  -h, --help   this text`,
  options: { events: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '3' } },
});
const events = Number(values.events);
const rounds = Number(values.rounds);
if (!Number.isInteger(events) || events < 1) failCommandLine(command, '--events must be a whole number >= 1');
if (!Number.isInteger(rounds) || rounds < 3) failCommandLine(command, '--rounds must be a whole number >= 3');

const NAME = 'bcp_audit_chain_bench';
const adminUrl = adminDatabaseUrl();

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function round(): Promise<{ sealSeconds: number; verifySeconds: number }> {
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const url = new URL(adminUrl);
  url.pathname = `/${NAME}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  try {
    await applyMigrations(handle);
    await handle.db.execute(sql`
      insert into audit_events (occurred_at, actor_type, actor_id, actor_label, action, entity_type, entity_id, before, after, ip)
      select now() - interval '1 hour' + i * interval '1 millisecond', 'staff', 1 + i % 20, 'bench@benefitfinder.co.za',
        'funds.updated', 'funds', (1 + i % 500)::text,
        jsonb_build_object('fastTrackThresholdCents', i, 'name', 'Fund ' || i),
        jsonb_build_object('fastTrackThresholdCents', i + 100, 'name', 'Fund ' || i, 'tags', jsonb_build_array('a', 'b')),
        '10.0.0.1'
      from generate_series(1, ${events}) as i`);
    // As autovacuum would after such an insert: without statistics PostgreSQL sorts every unsealed
    // event for each batch instead of walking the partial index (decision 039).
    await handle.db.execute(sql`analyze audit_events`);
    let started = performance.now();
    const sealed = await sealAuditChain(handle.db, { wait: true });
    const sealSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const report = await verifyAuditChain(handle.db);
    const verifySeconds = (performance.now() - started) / 1000;
    if (sealed !== events || !report.intact || report.events !== events) {
      throw new Error(`expected ${events} events sealed and verified, got ${sealed}: ${JSON.stringify(report)}`);
    }
    return { sealSeconds, verifySeconds };
  } finally {
    await handle.close();
  }
}

const results: { sealSeconds: number; verifySeconds: number }[] = [];
try {
  for (let index = 1; index <= rounds; index += 1) {
    const result = await round();
    results.push(result);
    console.info(
      `round ${index}: sealed ${events} events in ${result.sealSeconds.toFixed(2)} s, verified in ${result.verifySeconds.toFixed(2)} s`,
    );
  }
} finally {
  await admin(`drop database if exists ${NAME} with (force)`);
}
const seal = median(results.map((result) => result.sealSeconds));
const verify = median(results.map((result) => result.verifySeconds));
console.info(
  `audit chain, ${events} events, median of ${rounds} rounds: sealing ${seal.toFixed(2)} s ` +
    `(${Math.round(events / seal)} events/s), verifying ${verify.toFixed(2)} s (${Math.round(events / verify)} events/s)`,
);
console.info(describeLoadAverage());
