/**
 * File upload pipeline benchmark (issue 16 "Done when"): a generated member file of `rows` rows
 * (1 in 10 members with a second benefit) loaded end to end through the real app over HTTP, as
 * staff do it: `POST file-uploads` with the mapping, the file streamed to `POST file-uploads/upload`
 * (multipart), the validation job (parse, row checks, `COPY` into staging, set-based checks)
 * followed with `GET file-uploads/{id}`, then `PATCH {id}/accept` by a second staff member and the
 * load job followed to `accepted`. Timed beside a plain `COPY` of the same file into an unindexed
 * table (psql `\copy`), with the server's peak RSS.
 * The app runs in a child process, on a fresh database each round: on PostgreSQL
 * (`bcp_bench_uploads`) the compiled server under plain Node as production runs it
 * (`dist-app-server.mjs`; build first), on an embedded PGlite database `upload-server.ts` under tsx
 * (no COPY baseline).
 * Peak RSS is the child's (`VmHWM`), once started, once the file is stored, validated and loaded.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSaIdNumber, type FileUploadResponse } from '@bcp/contract';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { type ChildServer, startChildServer } from './child-server.js';
import { describeLoadAverage, median } from './report.js';
import { staffToken } from './staff-token.js';

const HEADER = 'id_number,first_name,last_name,member_number,email,phone_number,benefit_type,amount';
const MAPPING = Object.fromEntries(HEADER.split(',').map((column) => [column, column]));
const TYPES = ['withdrawal', 'retirement', 'death', 'surplus'];
const XSRF = 'bench-xsrf-token-0123456789';
/** How often the bench asks for the upload's status while it waits (a `GET file-uploads/{id}`). */
const POLL_MS = 50;
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** Ratios to the floor, whose target (1.3, issue 40 item 4) one decimal would round past. */
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Issue 40 item 4: the pipeline at most this many times the database floor. */
const FLOOR_TARGET = 1.3;

/** Writes `count` member rows: about 1 in 10 members has a second benefit (a second row). */
export async function writeMemberFile(path: string, count: number): Promise<void> {
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

/** The staff API of a running app, with a bearer token (and the XSRF pair non-GET calls need). */
function staffApi(origin: string) {
  return async (token: string, method: string, path: string, body?: unknown | FormData) => {
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(`${origin}/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
    const answer = (await response.json()) as FileUploadResponse & { message?: string };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message ?? ''}`);
    return answer;
  };
}

/** One upload through the API; @returns seconds to validated and to accepted, and the upload. */
async function uploadThroughApi(
  origin: string,
  tokens: { maker: string; checker: string },
  fundId: number,
  file: string,
  peakRss: () => number,
): Promise<{
  uploadedSeconds: number;
  uploadedRssMb: number;
  validatedSeconds: number;
  validatedRssMb: number;
  totalSeconds: number;
  upload: FileUploadResponse;
}> {
  const api = staffApi(origin);
  const started = performance.now();
  const created = await api(tokens.maker, 'POST', 'file-uploads', { fundId, type: 'member_file', mapping: MAPPING });
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'member-file.csv');
  await api(tokens.maker, 'POST', `file-uploads/upload?fileUploadId=${created.id}`, form);
  const uploadedSeconds = (performance.now() - started) / 1000;
  const uploadedRssMb = peakRss();
  const waitFor = async (status: string) => {
    for (;;) {
      const upload = await api(tokens.maker, 'GET', `file-uploads/${created.id}`);
      if (upload.status === status) return upload;
      if (upload.status === 'failed') throw new Error(`upload failed: ${upload.failureReason}`);
      // Every 50 ms (200 before decision 085): a status is seen 25 ms after it is set, on average.
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  await waitFor('validated');
  const validatedSeconds = (performance.now() - started) / 1000;
  const validatedRssMb = peakRss();
  await api(tokens.checker, 'PATCH', `file-uploads/${created.id}/accept`, {});
  const upload = await waitFor('accepted');
  return {
    uploadedSeconds,
    uploadedRssMb,
    validatedSeconds,
    validatedRssMb,
    totalSeconds: (performance.now() - started) / 1000,
    upload,
  };
}

/** A process's peak resident set (`VmHWM`), in MB. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

interface Round {
  /** Seconds until the file was stored (create and the multipart upload). */
  uploadedSeconds: number;
  validatedSeconds: number;
  totalSeconds: number;
  copySeconds?: number;
  /** The database's floor for the load (`databaseFloorSeconds`), on PostgreSQL. */
  floorSeconds?: number;
  peakRssMb: number;
  /** The server's peak RSS once started, once the file was stored, and once it was validated. */
  startedRssMb: number;
  uploadedRssMb: number;
  validatedRssMb: number;
  benefits: number;
  /** Seconds by job phase as the server measured them (`validate: …`, `accept: …`). */
  phases: Record<string, number>;
}

/**
 * The phases the server published for `fileUploadId` (`{ phases }` messages of the child, see
 * `upload-phases.ts`), waiting a moment for the accept job's (sent after its commit).
 */
async function phasesOf(app: ChildServer, fileUploadId: number): Promise<Record<string, number>> {
  type Published = { fileUploadId: number; job: string; seconds: Record<string, number> };
  const published = () =>
    app.messages.flatMap((message) => {
      const phases = message.phases as Published | undefined;
      return phases?.fileUploadId === fileUploadId ? [phases] : [];
    });
  for (let waited = 0; waited < 5000 && !published().some((phases) => phases.job === 'accept'); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds: Record<string, number> = {};
  for (const phases of published()) {
    for (const [phase, value] of Object.entries(phases.seconds)) seconds[`${phases.job}: ${phase}`] = value;
  }
  return seconds;
}

async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The compiled server runs as production does, which refuses a database without every migration.
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await applyMigrations(database);
  } finally {
    await database.close();
  }
  return url.toString();
}

/** Plain `COPY` of the file into an unindexed table of text columns (psql `\copy`). @returns seconds */
function plainCopySeconds(databaseUrl: string, file: string): number {
  const columns = HEADER.split(',')
    .map((column) => `${column} text`)
    .join(', ');
  execFileSync('psql', [databaseUrl, '-q', '-c', `create table copy_baseline (${columns})`]);
  const started = performance.now();
  execFileSync('psql', [databaseUrl, '-q', '-c', `\\copy copy_baseline from '${file}' with (format csv, header true)`]);
  return (performance.now() - started) / 1000;
}

/**
 * The database's own floor for this load: the plain `COPY` of the file, then only the inserts the
 * load cannot avoid, in `psql` (no app, no checks): persons (one per ID number, date of birth and
 * gender read from it) and benefits (joined to them) into copies of the product's `persons` and
 * `benefits` tables in a schema of their own (`create table ... (like ... including all)`: the same
 * columns, defaults and indexes; no foreign keys or triggers, so a lower bound).
 * @returns seconds, COPY included
 */
function databaseFloorSeconds(databaseUrl: string, file: string): number {
  const columns = HEADER.split(',')
    .map((column) => `${column} text`)
    .join(', ');
  const env = { ...process.env, PGOPTIONS: '-c client_min_messages=warning' };
  const run = (statement: string) =>
    execFileSync('psql', [databaseUrl, '-q', '-v', 'ON_ERROR_STOP=1', '-c', statement], { env });
  run(`drop schema if exists load_floor cascade; create schema load_floor;
    create unlogged table load_floor.file_rows (${columns});
    create table load_floor.persons (like public.persons including all);
    create table load_floor.benefits (like public.benefits including all);`);
  const started = performance.now();
  run(`\\copy load_floor.file_rows from '${file}' with (format csv, header true)`);
  run(`begin;
    insert into load_floor.persons (id_number, first_name, last_name, date_of_birth, gender, email, phone_number)
      select distinct on (id_number) id_number, first_name, last_name,
        to_date(case when substr(id_number, 1, 2) > '26' then '19' else '20' end || substr(id_number, 1, 6), 'YYYYMMDD'),
        case when substr(id_number, 7, 1) >= '5' then 'male' else 'female' end, email, phone_number
      from load_floor.file_rows order by id_number;
    insert into load_floor.benefits (fund_id, person_id, member_number, benefit_type, amount_cents)
      select distinct on (r.member_number, r.benefit_type) 1, p.id, r.member_number, r.benefit_type,
        round(r.amount::numeric * 100)::bigint
      from load_floor.file_rows r join load_floor.persons p on p.id_number = r.id_number
      order by r.member_number, r.benefit_type;
    commit;`);
  const seconds = (performance.now() - started) / 1000;
  run('drop schema load_floor cascade');
  return seconds;
}

/**
 * The app for one round. On PostgreSQL the compiled server as production runs it
 * (`dist-app-server.mjs`, plain Node), with the two staff members and the fund made from here; on
 * PGlite `upload-server.ts` (tsx), which makes them itself (an embedded database has one owner).
 */
async function startApp(
  dataDir: string,
  databaseUrl?: string,
): Promise<{ app: ChildServer; maker: string; checker: string; fundId: number }> {
  if (!databaseUrl) {
    // Migrated here first (the server refuses a database without every migration), so that the
    // child's peak RSS is the server's alone; an embedded database has one owner at a time.
    const database = await openDatabase({ dataDir });
    try {
      await applyMigrations(database);
    } finally {
      await database.close();
    }
    const app = await startChildServer('./upload-server.ts', { DATABASE_URL: '', DATA_DIR: dataDir });
    return { app, ...(app.ready as { maker: string; checker: string; fundId: number }) };
  }
  if (!existsSync(fileURLToPath(new URL('../dist/server.js', import.meta.url)))) {
    throw new Error(
      'the upload bench runs the compiled server: npm run build -w @bcp/contract && npm run build -w @bcp/api',
    );
  }
  // With `npm run serve`'s allocator setting (MALLOC_ARENA_MAX=2, issue 40 item 5), as production runs it.
  const app = await startChildServer('./dist-app-server.mjs', {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  });
  const database = await openDatabase({ databaseUrl });
  try {
    const maker = await staffToken(database);
    const checker = await staffToken(database);
    const fund = await createFund(database.db, { name: 'Bench Fund', registrationNumber: '12/8/99999' });
    return { app, maker, checker, fundId: fund.id };
  } finally {
    await database.close();
  }
}

/**
 * One round: the app in a child process (compiled, on PostgreSQL at `databaseUrl`; or PGlite in
 * `dataDir` without it), the upload through its API, its peak RSS, and on PostgreSQL the plain
 * COPY of the same file.
 */
async function round(file: string, dataDir: string, databaseUrl?: string): Promise<Round> {
  const { app, maker, checker, fundId } = await startApp(dataDir, databaseUrl);
  let measured: Omit<Round, 'copySeconds' | 'floorSeconds'>;
  try {
    if (databaseUrl) checkpoint(databaseUrl);
    const startedRssMb = peakRssMb(app.pid);
    const run = await uploadThroughApi(app.origin, { maker, checker }, fundId, file, () => peakRssMb(app.pid));
    measured = {
      ...run,
      peakRssMb: peakRssMb(app.pid),
      startedRssMb,
      benefits: run.upload.importedCount,
      phases: await phasesOf(app, run.upload.id),
    };
  } finally {
    await app.stop();
  }
  if (!databaseUrl) return measured;
  // The baselines with the app stopped (its enrichment of the loaded persons would share the
  // cores), each after a checkpoint as the upload was: neither pays for the other's writes.
  checkpoint(databaseUrl);
  const copySeconds = plainCopySeconds(databaseUrl, file);
  checkpoint(databaseUrl);
  return { ...measured, copySeconds, floorSeconds: databaseFloorSeconds(databaseUrl, file) };
}

/** Writes the database's dirty pages now (`CHECKPOINT`), so that what is timed next starts clean. */
function checkpoint(databaseUrl: string): void {
  execFileSync('psql', [databaseUrl, '-q', '-c', 'checkpoint']);
}

function printRounds(label: string, rounds: Round[]): void {
  const total = median(rounds.map((round) => round.totalSeconds));
  const validated = median(rounds.map((round) => round.validatedSeconds));
  const rss = median(rounds.map((round) => round.peakRssMb));
  const started = median(rounds.map((round) => round.startedRssMb));
  const validatedRss = median(rounds.map((round) => round.validatedRssMb));
  const uploadedRss = median(rounds.map((round) => round.uploadedRssMb));
  const copies = rounds.flatMap((round) => (round.copySeconds === undefined ? [] : [round.copySeconds]));
  console.info(
    `${label} rounds (s, end to end / validated / plain COPY): ${rounds
      .map(
        (round) =>
          `${oneDecimal.format(round.totalSeconds)} / ${oneDecimal.format(round.validatedSeconds)}${round.copySeconds === undefined ? '' : ` / ${oneDecimal.format(round.copySeconds)}`}`,
      )
      .join('; ')}`,
  );
  console.info(
    `${label} median: end to end ${oneDecimal.format(total)} s (validated after ${oneDecimal.format(validated)} s), ` +
      `${integer.format(rounds[0]?.benefits ?? 0)} benefits, peak RSS ${integer.format(rss)} MB (target <= 300: ${rss <= 300 ? 'met' : 'NOT met'}; peak ${integer.format(started)} MB once started, ${integer.format(uploadedRss)} MB once stored, ${integer.format(validatedRss)} MB once validated)`,
  );
  const phaseNames = [...new Set(rounds.flatMap((round) => Object.keys(round.phases)))];
  const phase = (name: string) => median(rounds.map((round) => round.phases[name] ?? 0));
  console.info(
    `${label} phases (s, median; server-side): upload (HTTP, stored) ${oneDecimal.format(median(rounds.map((round) => round.uploadedSeconds)))}; ` +
      phaseNames.map((name) => `${name} ${oneDecimal.format(phase(name))}`).join('; '),
  );
  if (copies.length > 0) {
    const copy = median(copies);
    const ratio = total / copy;
    console.info(
      `${label} plain COPY ${oneDecimal.format(copy)} s; pipeline / COPY ${oneDecimal.format(ratio)}x (target <= 3x: ${ratio <= 3 ? 'met' : 'NOT met'})`,
    );
  }
  const floors = rounds.flatMap((round) => (round.floorSeconds === undefined ? [] : [round.floorSeconds]));
  if (floors.length > 0 && copies.length > 0) {
    const floor = median(floors);
    const ratios = rounds.flatMap((round) =>
      round.floorSeconds === undefined ? [] : [round.totalSeconds / round.floorSeconds],
    );
    const ratio = median(ratios);
    console.info(
      `${label} database floor (COPY + the persons and benefits inserts alone, in psql) ${oneDecimal.format(floor)} s = ` +
        `${oneDecimal.format(floor / median(copies))}x COPY; pipeline / floor ${twoDecimals.format(total / floor)}x ` +
        `(median of the rounds' ratios ${twoDecimals.format(ratio)}x; target <= ${FLOOR_TARGET}: ${ratio <= FLOOR_TARGET ? 'met' : 'NOT met'})`,
    );
  }
}

/**
 * Runs the upload bench: `rounds` rounds of `rows` rows on PostgreSQL (server of `adminUrl`), then
 * `pgliteRounds` rounds of `pgliteRows` rows on PGlite (0 skips either), printing each round, the
 * medians, the ratio to a plain COPY and the peak RSS against the targets, with the load average.
 */
export async function runUploadBench(
  adminUrl: string,
  options: { rows: number; rounds: number; pgliteRows: number; pgliteRounds: number },
): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'bcp-bench-uploads-'));
  try {
    for (const [target, rows, rounds] of [
      ['PostgreSQL', options.rows, options.rounds],
      ['PGlite', options.pgliteRows, options.pgliteRounds],
    ] as const) {
      if (rows === 0 || rounds === 0) continue;
      const file = join(folder, `member-file-${rows}.csv`);
      await writeMemberFile(file, rows);
      console.info(
        `\nFile upload benchmark, ${target}: ${integer.format(rows)} member rows (${oneDecimal.format(statSync(file).size / 1e6)} MB), ` +
          `upload -> validate -> stage -> accept over HTTP, ${rounds} round(s)`,
      );
      console.info(`          ${describeLoadAverage()} (before)`);
      const results: Round[] = [];
      for (let count = 1; count <= rounds; count++) {
        const dataDir = mkdtempSync(join(folder, 'data-'));
        const databaseUrl = target === 'PostgreSQL' ? await freshDatabase(adminUrl, 'bcp_bench_uploads') : undefined;
        const result = await round(file, dataDir, databaseUrl);
        results.push(result);
        // Each round as it ends (a run cut short still tells what it measured).
        console.info(
          `          round ${count}: end to end ${oneDecimal.format(result.totalSeconds)} s, validated after ${oneDecimal.format(result.validatedSeconds)} s` +
            (result.floorSeconds === undefined
              ? ''
              : `, COPY ${oneDecimal.format(result.copySeconds ?? 0)} s, floor ${oneDecimal.format(result.floorSeconds)} s, pipeline / floor ${twoDecimals.format(result.totalSeconds / result.floorSeconds)}x`) +
            `; ${describeLoadAverage()}`,
        );
        rmSync(dataDir, { recursive: true, force: true });
      }
      printRounds(target, results);
      console.info(`          ${describeLoadAverage()} (after)`);
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
