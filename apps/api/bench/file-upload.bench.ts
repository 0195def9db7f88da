/**
 * File upload pipeline benchmark (issue 16): generates a member file of `--rows` rows (default
 * 100,000), loads it end to end through the pipeline (private file store with SHA-256, streamed
 * parse and row checks into staging, set-based accept; `importFileAsSystem`, the code the upload
 * route and its jobs run, without HTTP), and times it beside a plain `COPY` of the same file into
 * an unindexed table (psql `\copy`). Prints the process's peak RSS. `--target postgres` (default;
 * a fresh `bcp_bench_uploads` database on BENCH_DATABASE_URL's server) or `--target pglite`
 * (in memory; no COPY baseline).
 * Run: `npm run bench:uploads -w @bcp/api -- --rows 1000000`.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSaIdNumber } from '@bcp/contract';
import pg from 'pg';
import { failCommandLine, parseCommandLine } from '../../../scripts/lib/command-line.mjs';
import { openDatabase } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { importFileAsSystem } from '../src/modules/file-uploads/system-import.service.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { adminDatabaseUrl } from './bench-database.js';

const command = 'npm run bench:uploads -w @bcp/api';
const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} -- [--rows N] [--target postgres|pglite]

Generates a member file of N rows and loads it end to end through the upload pipeline (store,
row checks into staging, accept), beside a plain COPY of the same file; prints the peak RSS.

  --rows N            rows in the file (default 100000)
  --target postgres   a fresh bcp_bench_uploads database on BENCH_DATABASE_URL's server (default)
  --target pglite     the embedded database in memory (no COPY baseline)
  -h, --help          this text`,
  options: { rows: { type: 'string', default: '100000' }, target: { type: 'string', default: 'postgres' } },
});
const rows = Number(values.rows);
if (!Number.isInteger(rows) || rows < 1) failCommandLine(command, '--rows must be a whole number >= 1');
if (values.target !== 'postgres' && values.target !== 'pglite') {
  failCommandLine(command, '--target takes: postgres, pglite');
}
const HEADER = 'id_number,first_name,last_name,member_number,email,phone_number,benefit_type,amount';
const TYPES = ['withdrawal', 'retirement', 'death', 'surplus'];

/** Writes `count` member rows: about 1 in 10 members has a second benefit (a second row). */
async function writeMemberFile(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${HEADER}\n`);
  let written = 0;
  for (let member = 0; written < count; member += 1) {
    const day = new Date(Date.UTC(1950, 0, 1) + (member % 18_000) * 86_400_000).toISOString().slice(0, 10);
    const id = buildSaIdNumber(day, Math.floor(member / 18_000) % 10_000);
    const benefits = member % 10 === 0 ? 2 : 1;
    for (let b = 0; b < benefits && written < count; b += 1) {
      const amount = `${100 + ((member * 7919) % 250_000)}.${String(member % 100).padStart(2, '0')}`;
      const line = `${id},Name${member},Surname${member % 5000},M${member},m${member}@example.com,+2782${String(member % 10_000_000).padStart(7, '0')},${TYPES[b]},${amount}\n`;
      if (!out.write(line)) await once(out, 'drain');
      written += 1;
    }
  }
  out.end();
  await once(out, 'finish');
}

const dataDir = mkdtempSync(join(tmpdir(), 'bcp-bench-uploads-'));
const file = join(dataDir, 'member-file.csv');
await writeMemberFile(file, rows);
console.info(
  `file upload bench: ${rows.toLocaleString('en-US')} rows, ${(statSync(file).size / 1e6).toFixed(1)} MB, ${values.target}`,
);

let databaseUrl: string | undefined;
if (values.target === 'postgres') {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  await admin.query('drop database if exists bcp_bench_uploads');
  await admin.query('create database bcp_bench_uploads');
  await admin.end();
  const url = new URL(adminDatabaseUrl());
  url.pathname = '/bcp_bench_uploads';
  databaseUrl = url.toString();
}
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { memory: true });
await applyMigrations(handle);
const fund = await createFund(handle.db, { name: 'Bench Fund', registrationNumber: '12/8/99999' });

const started = performance.now();
const upload = await importFileAsSystem(
  { db: handle.db, dataDir },
  { fundId: fund.id, type: 'member_file', path: file },
);
const pipelineMs = performance.now() - started;
console.info(
  `pipeline: ${(pipelineMs / 1000).toFixed(1)} s (status ${upload.status}, ${upload.importedCount.toLocaleString('en-US')} benefits, ${upload.counts.refused} refused)`,
);
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    'create table copy_baseline (id_number text, first_name text, last_name text, member_number text, email text, phone_number text, benefit_type text, amount text)',
  );
  await client.end();
  const copyStarted = performance.now();
  execFileSync('psql', [databaseUrl, '-q', '-c', `\\copy copy_baseline from '${file}' with (format csv, header true)`]);
  const copyMs = performance.now() - copyStarted;
  console.info(`plain COPY: ${(copyMs / 1000).toFixed(1)} s; pipeline / COPY = ${(pipelineMs / copyMs).toFixed(1)}x`);
}
console.info(
  `peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (this process: generator, pipeline and database client${databaseUrl ? '' : ' and PGlite'})`,
);
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
