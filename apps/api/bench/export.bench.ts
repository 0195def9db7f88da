import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { startChildServer } from './child-server.js';
import { describeLoadAverage } from './report.js';
import { staffToken } from './staff-token.js';

/** The export must stream with its server's peak RSS under this (issue 18), in MB. */
export const EXPORT_PEAK_RSS_TARGET_MB = 200;

/** A process's resident set size now and at its peak, in MB (Linux `/proc/<pid>/status`). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** One export through a fresh server process: rows, seconds, bytes, and the server's memory. */
async function exportOnce(databaseUrl: string, format: 'csv' | 'xlsx') {
  if (!existsSync(fileURLToPath(new URL('../dist/server.js', import.meta.url)))) {
    throw new Error(
      'the export bench runs the compiled server: npm run build -w @bcp/contract && npm run build -w @bcp/api',
    );
  }
  const app = await startChildServer('./dist-app-server.mjs', { DATABASE_URL: databaseUrl });
  const database = await openDatabase({ databaseUrl });
  try {
    const token = await staffToken(database);
    const before = memoryOf(app.pid);
    const started = performance.now();
    const response = await fetch(`${app.origin}/api/v1/benefits/export?format=${format}&sort=id:asc`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (format === 'csv') for (const byte of chunk) if (byte === 10) newlines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, bytes, rows: format === 'csv' ? newlines - 1 : undefined, before, after: memoryOf(app.pid) };
  } finally {
    await database.close();
    await app.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Benchmarks `GET /api/v1/benefits/export` (issue 18) on the bench database (1,100,000 benefits):
 * the whole table as CSV and as XLSX through the compiled app in its own process (production
 * start-up under plain Node, `dist-app-server.mjs`; build first), a super-admin token, read by a
 * plain fetch that discards the bytes. Each round starts a fresh
 * server so its peak RSS (`VmHWM`) is of start-up plus one export. Prints rows per second and the
 * peak RSS of each round and their medians, against the 200 MB target.
 */
export async function runExportBench(
  client: pg.Client,
  options: { databaseUrl: string; rounds: number; formats?: ('csv' | 'xlsx')[] },
): Promise<void> {
  const total = Number((await client.query('select count(*)::int as n from benefits')).rows[0].n);
  const rounds = Math.max(3, options.rounds);
  console.info(
    `\nBenefits export: GET /api/v1/benefits/export?format=... (${total.toLocaleString('en-US')} benefits, every row; ` +
      `${rounds} rounds, a fresh server process each; ${describeLoadAverage()})`,
  );
  for (const format of options.formats ?? (['csv', 'xlsx'] as const)) {
    const results = [];
    for (let round = 1; round <= rounds; round += 1) {
      const result = await exportOnce(options.databaseUrl, format);
      const rows = result.rows ?? total;
      results.push({
        rowsPerSecond: rows / result.seconds,
        peakMb: result.after.peakMb,
        addedMb: result.after.peakMb - result.before.rssMb,
      });
      console.info(
        `  ${format} round ${round}: ${rows.toLocaleString('en-US')} rows in ${result.seconds.toFixed(1)} s ` +
          `(${Math.round(rows / result.seconds).toLocaleString('en-US')} rows/s, ${(result.bytes / 2 ** 20).toFixed(0)} MiB); ` +
          `server RSS ${result.before.rssMb.toFixed(0)} MB idle before, peak ${result.after.peakMb.toFixed(0)} MB ` +
          `(+${(result.after.peakMb - result.before.rssMb).toFixed(0)} MB)`,
      );
    }
    const peak = median(results.map((result) => result.peakMb));
    console.info(
      `  ${format} median: ${Math.round(median(results.map((result) => result.rowsPerSecond))).toLocaleString('en-US')} rows/s, ` +
        `peak RSS ${peak.toFixed(0)} MB, of which the export +${median(results.map((result) => result.addedMb)).toFixed(0)} MB over the idle server (target: peak under ${EXPORT_PEAK_RSS_TARGET_MB} MB: ${peak < EXPORT_PEAK_RSS_TARGET_MB ? 'meets' : 'MISSES'})`,
    );
  }
  console.info(`  ${describeLoadAverage()} (after)`);
}
