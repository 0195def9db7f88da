/**
 * Memory soak of the embedded server (issue 40 item 5): `npm run bench -- --only soak`.
 *
 * Starts what `npm start` runs (`soak-server.mjs`: `dist/` under plain Node, PGlite in a fresh
 * temporary `DATA_DIR`, development with the demo data; run `npm run build` first), then drives a
 * mix of member and staff requests (`--soak-connections` at once, each the next of the mix) for
 * `--soak-minutes`, and every 10 s samples the server's resident memory (`/proc/<pid>/status`
 * VmRSS), the part of it in PGlite's WebAssembly memory (`residentMemory`) and `process.memoryUsage()`
 * and with `--soak-live-heap` the V8 heap still referenced after a full collection (over IPC).
 * Prints each sample, then start / peak / end RSS and the slope (MB/min, least squares
 * over the second half), against the target (at most 500 MB, slope at most +1 MB/min).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer } from './child-server.js';
import { describeLoadAverage } from './report.js';

const MB = 1024 * 1024;
const SAMPLE_MS = 10_000;
/** Target: the peak RSS at most this (MB), the second half's slope at most +1 MB/min (not rising). */
const TARGET_MB = 500;
const FLAT_MB_PER_MIN = 1;

/** One sample: minutes since the load started and memory in MB. */
export interface SoakSample {
  minutes: number;
  rss: number;
  /** Resident pages of PGlite's WebAssembly memory. */
  wasm: number;
  heapUsed: number;
  heapTotal: number;
  /** V8 heap still referenced after a full garbage collection (with `liveHeap` only). */
  liveHeap?: number;
  external: number;
  requests: number;
}

/**
 * Resident MB of a process and of its WebAssembly memory: V8 reserves the address space of a
 * WebAssembly memory (8 GB and more) and makes its used part readable, so that part is the
 * `rw-p` mapping right before a `---p` reservation of 4 GB or more (`/proc/<pid>/smaps`).
 */
function residentMemory(pid: number): { rss: number; wasm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  let wasm = 0;
  let previous = { end: -1n, writable: false, rssKb: 0 };
  let current = { start: 0n, end: 0n, writable: false, reserved: false, rssKb: 0 };
  const close = () => {
    if (current.reserved && previous.writable && previous.end === current.start) wasm += previous.rssKb / 1024;
    previous = { end: current.end, writable: current.writable, rssKb: current.rssKb };
  };
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) /);
    if (header) {
      close();
      const start = BigInt(`0x${header[1]}`);
      const end = BigInt(`0x${header[2]}`);
      const perms = header[3] as string;
      current = {
        start,
        end,
        writable: perms.startsWith('rw'),
        reserved: perms.startsWith('---') && end - start >= 4n * 1024n ** 3n,
        rssKb: 0,
      };
      continue;
    }
    const resident = line.match(/^Rss:\s+(\d+) kB/);
    if (resident) current.rssKb = Number(resident[1]);
  }
  close();
  return { rss, wasm };
}

/** Least-squares slope of `y` over `x`. */
export function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const sxy = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

/** The mix: what members (their app, anonymous search) and staff (the back office) ask, in turn. */
function requestMix(ready: Record<string, unknown>): Array<{ path: string; token?: string }> {
  const member = ready.memberToken as string;
  const staff = ready.staffToken as string;
  const idNumbers = ready.idNumbers as string[];
  const searches = idNumbers.slice(0, 20).map((id) => ({ path: `/api/app/benefits/idNumber?idNumber=${id}` }));
  const memberPaths = [
    '/api/app/person-users/me',
    '/api/app/firebase/notification-total',
    '/api/app/faq-funds',
    '/api/app/banks',
  ].map((path) => ({ path, token: member }));
  const staffPaths = [
    '/api/v1/benefits',
    '/api/v1/benefits?filter[status]=unclaimed',
    '/api/v1/benefits/claims',
    '/api/v1/tasks',
    '/api/v1/dashboard',
    '/api/v1/audits',
    '/api/v1/users',
    '/api/v1/funds',
    '/api/v1/file-uploads',
    '/api/v1/invoices',
    `/api/v1/search?q=${encodeURIComponent(idNumbers[0] ?? 'Smith')}`,
  ].map((path) => ({ path, token: staff }));
  // Roughly half member traffic (searches and the app), half back office.
  return searches.flatMap((search, index) => [
    search,
    memberPaths[index % memberPaths.length] as { path: string; token?: string },
    staffPaths[index % staffPaths.length] as { path: string; token?: string },
    staffPaths[(index + 5) % staffPaths.length] as { path: string; token?: string },
  ]);
}

/** The soak's figures. */
export interface SoakResult {
  samples: SoakSample[];
  startMb: number;
  peakMb: number;
  endMb: number;
  /** MB/min over the second half. */
  slopeMbPerMin: number;
  errors: Map<string, number>;
}

/**
 * Runs the soak and prints it.
 * @param options.minutes how long the load runs (samples every 10 s)
 * @param options.connections requests in flight at once
 * @param options.liveHeap also the live heap: a full collection after each sample (which keeps the
 *   heap, and so the RSS, lower than without it: leave it off for the RSS figures)
 */
export async function runSoakBench(options: {
  minutes: number;
  connections: number;
  liveHeap: boolean;
}): Promise<SoakResult> {
  console.info(
    `\nMemory soak: the built server (npm start) on embedded PGlite, fresh DATA_DIR with the demo data; ` +
      `${options.connections} connections of member and staff requests for ${options.minutes} min, RSS every 10 s`,
  );
  console.info(`          ${describeLoadAverage()} (before)`);
  const dataDir = await mkdtemp(join(tmpdir(), 'bcp-soak-'));
  const started = performance.now();
  // As `npm run serve` (and the Dockerfile) starts the server: glibc's malloc with two arenas.
  const server = await startChildServer('./soak-server.mjs', {
    DATA_DIR: dataDir,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  });
  console.info(`server ready in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${server.pid})`);
  const mix = requestMix(server.ready);
  const errors = new Map<string, number>();
  let requests = 0;
  let next = 0;
  let running = true;
  const memoryUsage = () =>
    new Promise<{ memory: NodeJS.MemoryUsage; liveHeap?: number }>((resolve) => {
      const seen = server.messages.length;
      const poll = setInterval(() => {
        const found = server.messages.slice(seen).find((message) => message.memory);
        if (found) {
          clearInterval(poll);
          resolve(found as unknown as { memory: NodeJS.MemoryUsage; liveHeap?: number });
        }
      }, 20);
      server.send({ memory: true, collect: options.liveHeap });
    });
  const samples: SoakSample[] = [];
  const loadStarted = performance.now();
  const sample = async () => {
    const { rss, wasm } = residentMemory(server.pid);
    const { memory: usage, liveHeap } = await memoryUsage();
    const entry: SoakSample = {
      minutes: (performance.now() - loadStarted) / 60_000,
      rss,
      wasm,
      heapUsed: usage.heapUsed / MB,
      heapTotal: usage.heapTotal / MB,
      ...(liveHeap === undefined ? {} : { liveHeap: liveHeap / MB }),
      external: usage.external / MB,
      requests,
    };
    samples.push(entry);
    console.info(
      `${entry.minutes.toFixed(2).padStart(6)} min  RSS ${rss.toFixed(0).padStart(4)} MB  ` +
        `(PGlite wasm ${wasm.toFixed(0)} MB, V8 heap ${entry.heapUsed.toFixed(0)}/${entry.heapTotal.toFixed(0)} MB, ` +
        `${entry.liveHeap === undefined ? '' : `live ${entry.liveHeap.toFixed(0)} MB, `}` +
        `external ${entry.external.toFixed(0)} MB)  ${requests} requests`,
    );
  };
  const workers = Array.from({ length: options.connections }, async () => {
    while (running) {
      const { path, token } = mix[next++ % mix.length] as { path: string; token?: string };
      try {
        const response = await fetch(`${server.origin}${path}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        await response.arrayBuffer();
        if (response.status >= 400) {
          const key = `${path.split('?')[0]} ${response.status}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      } catch (error) {
        errors.set(`${path} ${(error as Error).message}`, (errors.get(path) ?? 0) + 1);
      }
      requests += 1;
    }
  });
  try {
    await sample();
    const end = loadStarted + options.minutes * 60_000;
    while (performance.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(SAMPLE_MS, end - performance.now())));
      await sample();
    }
  } finally {
    running = false;
    await Promise.all(workers);
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const half = samples.filter((entry) => entry.minutes >= options.minutes / 2);
  const result: SoakResult = {
    samples,
    startMb: samples[0]?.rss ?? 0,
    peakMb: Math.max(...samples.map((entry) => entry.rss)),
    endMb: samples.at(-1)?.rss ?? 0,
    slopeMbPerMin: slope(half.map((entry) => ({ x: entry.minutes, y: entry.rss }))),
    errors,
  };
  const wasmSlope = slope(half.map((entry) => ({ x: entry.minutes, y: entry.wasm })));
  const heapSlope = slope(half.map((entry) => ({ x: entry.minutes, y: entry.liveHeap ?? entry.heapUsed })));
  const last = samples.at(-1);
  console.info(
    `RSS: start ${result.startMb.toFixed(0)} MB, peak ${result.peakMb.toFixed(0)} MB, end ${result.endMb.toFixed(0)} MB; ` +
      `slope over the second half ${result.slopeMbPerMin.toFixed(2)} MB/min ` +
      `(PGlite wasm ${wasmSlope.toFixed(2)}, V8 ${options.liveHeap ? 'live heap' : 'heap used'} ${heapSlope.toFixed(2)}); ` +
      `${requests} requests, ` +
      `${(requests / (options.minutes * 60)).toFixed(0)}/s`,
  );
  if (last) {
    console.info(
      `at the end: PGlite wasm ${last.wasm.toFixed(0)} MB (${((100 * last.wasm) / last.rss).toFixed(0)}% of RSS), ` +
        `V8 heap total ${last.heapTotal.toFixed(0)} MB, external ${last.external.toFixed(0)} MB, ` +
        `rest (code, stacks, native) ${(last.rss - last.wasm - last.heapTotal).toFixed(0)} MB`,
    );
  }
  if (errors.size > 0) console.info(`errors: ${[...errors].map(([key, count]) => `${key} x${count}`).join(', ')}`);
  // A falling slope is a collection late in the run, not a leak.
  const met = result.peakMb <= TARGET_MB && result.slopeMbPerMin <= FLAT_MB_PER_MIN;
  console.info(
    `target: peak RSS <= ${TARGET_MB} MB and slope <= ${FLAT_MB_PER_MIN} MB/min: ${met ? 'met' : 'NOT met'}`,
  );
  console.info(`          ${describeLoadAverage()} (after)`);
  return result;
}
