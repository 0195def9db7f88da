/**
 * Hostile member files bench (issue 34 items 2, 3 and 10, "refused within seconds with the server's
 * RSS under 1 GB and /api/health answering within 1 s throughout"): each hostile file of
 * `test/support/hostile-files.ts` uploaded as staff do (create with the mapping, multipart upload,
 * then `GET file-uploads/{id}` until it is refused or ends) to the real app in a child process
 * (`upload-server.ts`, production start-up on an embedded PGlite database, a fresh one each round),
 * while `GET /api/health` is asked every 100 ms (its latency, one at a time: a stalled event loop
 * shows as one long answer) and the child's resident memory is read every 100 ms
 * (`/proc/<pid>/status` VmRSS). Per file: the median over the rounds of the slowest health answer,
 * the RSS before, its peak and their difference (the embedded database alone holds 0.5 to 1 GB), and
 * the seconds to the refusal, with the load average before and after.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_BUDGETS } from '../src/modules/file-uploads/file-budgets.js';
import { MEMBER_HEADER, sharedStringsBomb, wideCsv, wideXlsx } from '../test/support/hostile-files.js';
import { startChildServer } from './child-server.js';
import { describeLoadAverage, median } from './report.js';

const XSRF = 'bench-xsrf-token-0123456789';
const MAPPING = Object.fromEntries(MEMBER_HEADER.map((column) => [column, column]));
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The hostile files, built once (in this process, not the server's). */
function hostileFiles(): { name: string; fileName: string; content: Buffer }[] {
  const good = `${MEMBER_HEADER.join(',')}\n8001015009087,Thabo,Dlamini,M-1,withdrawal,100\n`;
  return [
    { name: 'CSV, 10^6 header columns + 2,000 rows', fileName: 'wide.csv', content: wideCsv() },
    {
      name: 'XLSX shared-strings bomb (80M strings, 1.44 GB)',
      fileName: 'bomb.xlsx',
      content: sharedStringsBomb(80_000_000, { uniqueCount: 80_000_006 }),
    },
    {
      name: 'the same bomb, its zip stating 1 MB',
      fileName: 'lying-bomb.xlsx',
      content: sharedStringsBomb(80_000_000, { statedSize: 1024 * 1024 }),
    },
    {
      name: `XLSX, ${integer.format(FILE_BUDGETS.xlsx.maxSharedStrings + 100_000)} shared strings`,
      fileName: 'many-strings.xlsx',
      content: sharedStringsBomb(FILE_BUDGETS.xlsx.maxSharedStrings + 100_000),
    },
    { name: 'XLSX, 10^6 header columns', fileName: 'wide.xlsx', content: wideXlsx() },
    {
      name: 'CSV, a 50 MB first name on line 3',
      fileName: 'fifty-megabytes.csv',
      content: Buffer.concat([
        Buffer.from(`${good}8001015009087,`),
        Buffer.alloc(50 * 1024 * 1024, 'a'),
        Buffer.from(',Dlamini,M-2,withdrawal,100\n'),
      ]),
    },
  ];
}

function residentMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/**
 * Asks `/api/health` every 100 ms (one request at a time) and reads the server's RSS every 100 ms
 * until `stop()`; @returns the slowest answer (ms, a request still waiting counts as long as it has
 * waited) and the peak RSS (MB).
 */
function watch(origin: string, pid: number) {
  let slowestMs = 0;
  let peakMb = residentMb(pid);
  let waitingSince: number | null = null;
  let stopped = false;
  const health = async () => {
    while (!stopped) {
      waitingSince = performance.now();
      const response = await fetch(`${origin}/api/health`).catch(() => null);
      await response?.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - waitingSince);
      waitingSince = null;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const healthLoop = health();
  const memory = setInterval(() => {
    peakMb = Math.max(peakMb, residentMb(pid));
  }, 100);
  return {
    async stop(): Promise<{ slowestHealthMs: number; peakRssMb: number }> {
      stopped = true;
      clearInterval(memory);
      if (waitingSince !== null) slowestMs = Math.max(slowestMs, performance.now() - waitingSince);
      await healthLoop;
      return { slowestHealthMs: slowestMs, peakRssMb: Math.max(peakMb, residentMb(pid)) };
    },
  };
}

/** The staff API of the running app, with a bearer token and the XSRF pair. */
async function staffCall(origin: string, token: string, method: string, path: string, body?: unknown) {
  const form = body instanceof FormData;
  const response = await fetch(`${origin}/api/v1/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

interface Outcome {
  slowestHealthMs: number;
  peakRssMb: number;
  startRssMb: number;
  refusedSeconds: number;
  outcome: string;
}

/** One hostile file through the API: @returns the figures and how it ended. */
async function sendHostile(
  origin: string,
  pid: number,
  ready: { maker: string; fundId: number },
  file: { fileName: string; content: Buffer },
): Promise<Outcome> {
  const created = await staffCall(origin, ready.maker, 'POST', 'file-uploads', {
    fundId: ready.fundId,
    type: 'member_file',
    mapping: MAPPING,
  });
  // The body is made before the watch starts: copying 50 MB here must not count as the server's.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.content)]), file.fileName);
  const startRssMb = residentMb(pid);
  const watcher = watch(origin, pid);
  const started = performance.now();
  const uploaded = await staffCall(
    origin,
    ready.maker,
    'POST',
    `file-uploads/upload?fileUploadId=${created.json.id}`,
    form,
  );
  let outcome = `${uploaded.status} ${String(uploaded.json.message ?? '')}`;
  if (uploaded.status === 200) {
    for (;;) {
      const upload = await staffCall(origin, ready.maker, 'GET', `file-uploads/${created.json.id}`);
      if (upload.json.status !== 'validating' && upload.json.status !== 'uploaded') {
        outcome = `${String(upload.json.status)}: ${String(upload.json.failureReason ?? '')}`;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const refusedSeconds = (performance.now() - started) / 1000;
  return { ...(await watcher.stop()), startRssMb, refusedSeconds, outcome };
}

/** Runs the bench: `rounds` rounds (a fresh server each), every hostile file in each. */
export async function runHostileFilesBench(options: { rounds: number }): Promise<void> {
  const files = hostileFiles();
  console.info('\nHostile member files (issue 34): refused how fast, with what memory, health answered how fast\n');
  console.info(
    `setup:    the real app in a child process (upload-server.ts, PGlite), ${options.rounds} round(s), a fresh server each;\n` +
      '          GET /api/health every 100 ms (one at a time) and the server RSS (VmRSS) every 100 ms while each file is sent\n',
  );
  console.info(`${describeLoadAverage()} (before)`);
  const results = files.map(() => [] as Outcome[]);
  const folder = mkdtempSync(join(tmpdir(), 'bcp-bench-hostile-'));
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      const app = await startChildServer('./upload-server.ts', {
        DATABASE_URL: '',
        DATA_DIR: mkdtempSync(join(folder, 'data-')),
      });
      try {
        for (const [index, file] of files.entries()) {
          const outcome = await sendHostile(app.origin, app.pid, app.ready as { maker: string; fundId: number }, file);
          results[index]?.push(outcome);
          console.info(
            `  round ${round + 1}: ${file.name}: ${outcome.outcome.slice(0, 110)} after ${oneDecimal.format(outcome.refusedSeconds)} s, ` +
              `slowest health ${integer.format(outcome.slowestHealthMs)} ms, RSS ${integer.format(outcome.startRssMb)} -> peak ${integer.format(outcome.peakRssMb)} MB`,
          );
        }
      } finally {
        await app.stop();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  console.info(`\nmedian of ${options.rounds} round(s):`);
  const header = ['file', 'refused after s', 'slowest health ms', 'RSS before MB', 'peak RSS MB', 'growth MB', 'ended'];
  console.info(header.join(' | '));
  for (const [index, file] of files.entries()) {
    const rounds = results[index] ?? [];
    console.info(
      [
        file.name,
        oneDecimal.format(median(rounds.map((round) => round.refusedSeconds))),
        integer.format(median(rounds.map((round) => round.slowestHealthMs))),
        integer.format(median(rounds.map((round) => round.startRssMb))),
        integer.format(median(rounds.map((round) => round.peakRssMb))),
        integer.format(median(rounds.map((round) => round.peakRssMb - round.startRssMb))),
        [...new Set(rounds.map((round) => round.outcome.slice(0, 60)))].join(' / '),
      ].join(' | '),
    );
  }
  console.info(`\n${describeLoadAverage()} (after)`);
}
