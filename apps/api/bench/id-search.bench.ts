import type pg from 'pg';
import { type ChildServer, startChildServer } from './child-server.js';
import { pickSearchIdNumbers } from './id-numbers.js';
import { type LoadFigures, type LoadOptions, type LoadRun, runLoad, summarizeRuns } from './load.js';
import { formatFiguresTable, formatRatios, median } from './report.js';

const SEARCH_PATH = '/api/app/benefits/idNumber';

/** Settings of the ID search bench. */
export interface IdSearchBenchOptions extends LoadOptions {
  /** URL of the seeded bench database. */
  databaseUrl: string;
  /** Unthrottled run before each measured one, in seconds (JIT, pools, caches); not reported. */
  warmupSeconds: number;
  /** How many distinct ID numbers to search (half exist). */
  idNumbers: number;
  /** Measured rounds; each round measures every target once, in turn (drift on a busy machine evens out). */
  rounds: number;
}

/** The servers compared: the app, and the bare baseline with and without a prepared statement. */
type Target = 'app' | 'bare' | 'bareUnprepared';
const TARGETS: readonly Target[] = ['app', 'bare', 'bareUnprepared'];
const TARGET_NAMES: Record<Target, string> = {
  app: 'app (Fastify buildApp, startServer)',
  bare: 'bare (node:http + pg, prepared)',
  bareUnprepared: 'bare, unprepared (issue 22 baseline)',
};

/** Throws unless every server gives the app's answer (status and body) for each of `paths`. */
async function checkSameAnswers(servers: readonly ChildServer[], paths: readonly string[]): Promise<number> {
  let withBenefits = 0;
  for (const path of paths) {
    const answers = await Promise.all(
      servers.map(async (server) => {
        const response = await fetch(server.origin + path);
        return `${response.status} ${await response.text()}`;
      }),
    );
    const [fromApp] = answers;
    if (answers.some((answer) => answer !== fromApp))
      throw new Error(`servers differ for ${path}: ${answers.join(' / ')}`);
    if (!fromApp?.startsWith('200 ')) throw new Error(`unexpected answer for ${path}: ${fromApp}`);
    if (!fromApp.endsWith('{"totalBenefits":0}')) withBenefits += 1;
  }
  return withBenefits;
}

/** The targets in measuring order for `rounds` rounds, each round starting one further: A B C, B C A, C A B, ... */
function measuringOrder(rounds: number): Target[] {
  return Array.from({ length: rounds }, (_, round) =>
    TARGETS.map((_, index) => TARGETS[(index + round) % TARGETS.length] as Target),
  ).flat();
}

/**
 * Benchmarks the anonymous ID search of the real app (child process: `app-server.ts`) beside the
 * bare `node:http` baseline (child processes: `bare-server.ts` with the app's prepared statement,
 * and without, the baseline issue 22 was measured on), one at a time (never two under load at
 * once) with the same load and the same ID numbers, and prints the table and the ratios: over all
 * rounds, and the median of each round's ratio (rounds taken in turn, so drift evens out).
 * @returns the figures of each target (requests/s, latencies in ms) and the median ratios of requests/s
 */
export async function runIdSearchBench(
  client: pg.Client,
  options: IdSearchBenchOptions,
): Promise<{ figures: Record<Target, LoadFigures>; medianRatio: number; medianRatioUnprepared: number }> {
  const idNumbers = await pickSearchIdNumbers(client, options.idNumbers);
  const paths = idNumbers.map((idNumber) => `${SEARCH_PATH}?idNumber=${idNumber}`);
  const env = { DATABASE_URL: options.databaseUrl };
  const started: ChildServer[] = [];
  try {
    started.push(await startChildServer('./app-server.ts', env));
    started.push(await startChildServer('./bare-server.ts', { ...env, BARE_PREPARED: '1' }));
    started.push(await startChildServer('./bare-server.ts', { ...env, BARE_PREPARED: '0' }));
    const servers = { app: started[0], bare: started[1], bareUnprepared: started[2] } as Record<Target, ChildServer>;
    const checked = Math.min(200, paths.length);
    const withBenefits = await checkSameAnswers(started, paths.slice(0, checked));
    console.info(`answers checked: the three servers agree on ${checked} ID numbers (${withBenefits} with benefits)\n`);
    const runs: Record<Target, LoadRun[]> = { app: [], bare: [], bareUnprepared: [] };
    const warmedUp = new Set<Target>();
    for (const target of measuringOrder(options.rounds)) {
      const { origin } = servers[target];
      if (!warmedUp.has(target) && options.warmupSeconds > 0) {
        await runLoad(origin, paths, { ...options, durationSeconds: options.warmupSeconds });
      }
      warmedUp.add(target);
      runs[target].push(await runLoad(origin, paths, options));
    }
    const figures = {
      app: summarizeRuns(runs.app),
      bare: summarizeRuns(runs.bare),
      bareUnprepared: summarizeRuns(runs.bareUnprepared),
    };
    console.info(
      formatFiguresTable(TARGETS.map((target) => ({ target: TARGET_NAMES[target], figures: figures[target] }))),
    );
    const roundRatios = (baseline: Target) =>
      runs.app.map((run, round) => run.requestsPerSecond / (runs[baseline][round]?.requestsPerSecond ?? Number.NaN));
    const ratios = roundRatios('bare');
    const ratiosUnprepared = roundRatios('bareUnprepared');
    const medianRatio = median(ratios);
    const medianRatioUnprepared = median(ratiosUnprepared);
    const listed = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
    console.info(`\n${formatRatios(figures.app, figures.bare)}`);
    console.info(
      `median of the rounds' ratios app / bare (prepared): ${medianRatio.toFixed(2)} (rounds ${listed(ratios)}; goal 0.70)`,
    );
    console.info(
      `median of the rounds' ratios app / bare, unprepared: ${medianRatioUnprepared.toFixed(2)} (rounds ${listed(ratiosUnprepared)})`,
    );
    return { figures, medianRatio, medianRatioUnprepared };
  } finally {
    await Promise.all(started.map((server) => server.stop()));
  }
}
