import { cpus, loadavg, release, totalmem } from 'node:os';
import type { RowCounts } from './bench-database.js';
import type { LoadFigures } from './load.js';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoPlaces = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** One line about the machine: cores and model, memory, OS release, Node and PostgreSQL versions. */
export function describeMachine(postgresVersion: string): string {
  const cores = cpus();
  const memoryGiB = Math.round(totalmem() / 2 ** 30);
  return `${cores.length} x ${cores[0]?.model.trim() ?? 'cpu'}, ${memoryGiB} GiB, Linux ${release()}, Node ${process.version}, PostgreSQL ${postgresVersion}`;
}

/** The 1, 5 and 15 minute load averages (runnable processes; above the core count the CPU is contended). */
export function describeLoadAverage(): string {
  return `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;
}

/** One line of row counts, e.g. `persons 1,000,000; benefits 1,100,000 (unclaimed 950,000, ...); tasks 200,000`. */
export function describeRowCounts(counts: RowCounts): string {
  const statuses = Object.entries(counts.benefitsByStatus)
    .map(([status, value]) => `${status} ${integer.format(value)}`)
    .join(', ');
  const others = Object.entries(counts.others)
    .map(([table, value]) => `${table} ${integer.format(value)}`)
    .join('; ');
  return `persons ${integer.format(counts.persons)}; benefits ${integer.format(counts.benefits)} (${statuses}); funds ${counts.funds}; ${others}`;
}

/** A plain text table of the figures of each target (requests/s; latencies in ms). */
export function formatFiguresTable(rows: ReadonlyArray<{ target: string; figures: LoadFigures }>): string {
  const header = ['target', 'requests/s', 'p50 ms', 'p99 ms', 'mean ms', 'requests', 'failures'];
  const lines = rows.map(({ target, figures }) => [
    target,
    integer.format(figures.requestsPerSecond),
    twoPlaces.format(figures.p50Ms),
    twoPlaces.format(figures.p99Ms),
    twoPlaces.format(figures.meanMs),
    integer.format(figures.totalRequests),
    integer.format(figures.failures),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)].join('\n');
}

/** The ratio line: app requests/s over bare requests/s, and app p99 over bare p99. */
export function formatRatios(app: LoadFigures, bare: LoadFigures): string {
  const throughput = app.requestsPerSecond / bare.requestsPerSecond;
  const p99 = app.p99Ms / bare.p99Ms;
  return `ratio app / bare: requests/s ${twoPlaces.format(throughput)} (app serves ${Math.round(throughput * 100)}% of bare), p99 ${twoPlaces.format(p99)}x, p50 ${twoPlaces.format(app.p50Ms / bare.p50Ms)}x`;
}

/** The middle value (mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
