import { loadavg } from 'node:os';
import { setTimeout } from 'node:timers/promises';
import type pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { startChildServer } from './child-server.js';
import { checkListPlans, describeFindings, describeQueryTimes, NO_SEQUENTIAL_SCAN } from './list-plans.js';
import { type LoadFigures, runLoad, summarizeRuns } from './load.js';
import { median } from './report.js';
import { buildListTargets, type ListTarget } from './staff-list-targets.js';
import { staffToken } from './staff-token.js';

/** Every staff list must answer within this p95, in ms, at 20 connections (issues 9 and 25). */
export const STAFF_LIST_P95_TARGET_MS = 50;

/** Options of the staff lists bench. */
export interface StaffListBenchOptions {
  databaseUrl: string;
  connections: number;
  /** Measured seconds per list and round. */
  durationSeconds: number;
  warmupSeconds: number;
  /** At least 3: the median of the rounds is reported. */
  rounds: number;
  /** true: stop after the plans and their query times (no load). */
  plansOnly?: boolean;
  /** Only the lists of these names (`--lists`); every list when undefined. */
  only?: string[];
  /** Environment of the app's process (e.g. `REDIS_URL`). */
  serverEnv?: Record<string, string>;
}

/** One list's figures: the median over the rounds of each, and every round's p95. */
interface ListResult {
  target: ListTarget;
  rounds: LoadFigures[];
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ms = (value: number) => value.toFixed(1);

/** A round's p95, in ms; a round without a single answer counts as missed (Infinity). */
const p95Of = (round: LoadFigures) => (round.totalRequests === 0 ? Number.POSITIVE_INFINITY : round.p95Ms);

/** The printed table: one line per list, medians of the rounds, verdict against the p95 target. */
export function formatListTable(results: readonly ListResult[]): string {
  const header = [
    'list',
    'queries',
    'requests/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'p95 of each round',
    'failures',
    'verdict',
  ];
  const lines = results.map(({ target, rounds }) => {
    const p95 = median(rounds.map(p95Of));
    return [
      target.name,
      String(target.paths.length),
      integer.format(median(rounds.map((round) => round.requestsPerSecond))),
      ms(median(rounds.map((round) => round.p50Ms))),
      ms(p95),
      ms(median(rounds.map((round) => round.p99Ms))),
      rounds.map((round) => ms(p95Of(round))).join(', '),
      integer.format(rounds.reduce((sum, round) => sum + round.failures, 0)),
      p95 <= STAFF_LIST_P95_TARGET_MS ? 'meets' : 'MISSES',
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const row = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [row(header), row(widths.map((width) => '-'.repeat(width))), ...lines.map(row)].join('\n');
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/**
 * Benchmarks every staff (back-office) list of the real app on the bench database (issue 25):
 * first EXPLAINs every query each list runs (stops the process with exit code 1 on a sequential
 * scan of persons, benefits, claims or audit events), then loads each list in turn with its
 * queries round robin, `rounds` times, and prints the median requests/s and p50/p95/p99 of each
 * with its verdict against 50 ms p95 and the load average before and after each round.
 * @returns whether every list met the target
 */
export async function runStaffListBench(client: pg.Client, options: StaffListBenchOptions): Promise<boolean> {
  const app = await startChildServer('./app-server.ts', { DATABASE_URL: options.databaseUrl, ...options.serverEnv });
  const database = await openDatabase({ databaseUrl: options.databaseUrl });
  try {
    const headers = { authorization: `Bearer ${await staffToken(database)}` };
    const fetchJson = async (path: string) => {
      const response = await fetch(`${app.origin}${path}`, { headers });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { nextCursor?: string | null };
    };
    const every = await buildListTargets(client, fetchJson);
    const targets = options.only ? every.filter((target) => options.only?.includes(target.name)) : every;
    if (targets.length === 0)
      throw new Error(`--lists names no list; the lists: ${every.map((t) => t.name).join(', ')}`);
    console.info(`\nStaff lists: EXPLAIN of every query of ${targets.length} lists on the bench database ...`);
    const { findings, times } = await checkListPlans(client, options.databaseUrl, targets);
    const fatal = findings.filter((finding) => finding.fatal);
    if (findings.length > fatal.length) {
      console.info(['plans to watch (not fatal):', ...describeFindings(findings.filter((f) => !f.fatal))].join('\n'));
    }
    if (fatal.length > 0) {
      console.error(
        [
          `STOP: a list query plan reads a large table whole (sequential scan of ${NO_SEQUENTIAL_SCAN.join(', ')} is not allowed):`,
          ...describeFindings(fatal),
          'Add the index the query needs (apps/api/src/db/schema, then npm run db:generate -w @bcp/api).',
        ].join('\n'),
      );
      process.exit(1);
    }
    console.info('plans: no sequential scan of persons, benefits, benefit_claims or audit_events');
    console.info(
      [
        'database time per request (EXPLAIN ANALYZE of its queries, one request at a time, no load):',
        ...describeQueryTimes(times),
      ].join('\n'),
    );
    if (options.plansOnly) return true;
    const load = { connections: options.connections, durationSeconds: options.durationSeconds, headers };
    const results: ListResult[] = targets.map((target) => ({ target, rounds: [] }));
    if (options.warmupSeconds > 0) {
      for (const target of targets) await runLoad(app.origin, target.paths, { ...load, durationSeconds: 1 });
      // The slowest queries of the warm-up (a fund's enrichment records) end before round 1.
      await setTimeout(5000);
    }
    for (let round = 1; round <= options.rounds; round += 1) {
      const before = loadAverage();
      for (const result of results) {
        result.rounds.push(summarizeRuns([await runLoad(app.origin, result.target.paths, load)]));
        // Let the server finish what the load left queued before the next list is measured.
        await setTimeout(1000);
      }
      console.info(`round ${round}: load average ${before} before, ${loadAverage()} after`);
    }
    console.info(
      `\nStaff lists: ${options.connections} connections, ${options.durationSeconds} s per list and round, ` +
        `median of ${options.rounds} rounds; target p95 <= ${STAFF_LIST_P95_TARGET_MS} ms\n${formatListTable(results)}`,
    );
    return results.every(({ rounds }) => median(rounds.map((round) => round.p95Ms)) <= STAFF_LIST_P95_TARGET_MS);
  } finally {
    await database.close();
    await app.stop();
  }
}
