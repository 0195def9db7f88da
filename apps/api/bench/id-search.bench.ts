import type pg from 'pg';
import { type ChildServer, startChildServer } from './child-server.js';
import { pickSearchIdNumbers } from './id-numbers.js';
import { type LoadFigures, type LoadOptions, type LoadRun, runLoad, summarizeRuns } from './load.js';
import { formatFiguresTable, formatRatios } from './report.js';

const SEARCH_PATH = '/api/app/benefits/idNumber';

/** Settings of the ID search bench. */
export interface IdSearchBenchOptions extends LoadOptions {
  /** URL of the seeded bench database. */
  databaseUrl: string;
  /** Unthrottled run before each measured one, in seconds (JIT, pools, caches); not reported. */
  warmupSeconds: number;
  /** How many distinct ID numbers to search (half exist). */
  idNumbers: number;
  /** Measured runs per target, in the order app, bare, bare, app, ... (drift on a busy machine evens out). */
  rounds: number;
}

/** Throws unless both servers give the same answer (status and body) for each of `paths`. */
async function checkSameAnswers(app: ChildServer, bare: ChildServer, paths: readonly string[]): Promise<number> {
  let withBenefits = 0;
  for (const path of paths) {
    const [fromApp, fromBare] = await Promise.all(
      [app, bare].map(async (server) => {
        const response = await fetch(server.origin + path);
        return `${response.status} ${await response.text()}`;
      }),
    );
    if (fromApp !== fromBare) throw new Error(`app and bare differ for ${path}: ${fromApp} / ${fromBare}`);
    if (!fromApp?.startsWith('200 ')) throw new Error(`unexpected answer for ${path}: ${fromApp}`);
    if (!fromApp.endsWith('{"totalBenefits":0}')) withBenefits += 1;
  }
  return withBenefits;
}

/** The targets in measuring order for `rounds` rounds: A B, B A, A B, ... */
function measuringOrder(rounds: number): Array<'app' | 'bare'> {
  return Array.from({ length: rounds }, (_, round) =>
    round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const),
  ).flat();
}

/**
 * Benchmarks the anonymous ID search of the real app (child process: `app-server.ts`) beside the
 * bare `node:http` baseline (child process: `bare-server.ts`), one at a time (never both under load
 * at once) with the same load and the same ID numbers, and prints the table and the ratios.
 * @returns the figures of both targets (requests/s, latencies in ms)
 */
export async function runIdSearchBench(
  client: pg.Client,
  options: IdSearchBenchOptions,
): Promise<{ app: LoadFigures; bare: LoadFigures }> {
  const idNumbers = await pickSearchIdNumbers(client, options.idNumbers);
  const paths = idNumbers.map((idNumber) => `${SEARCH_PATH}?idNumber=${idNumber}`);
  const env = { DATABASE_URL: options.databaseUrl };
  const app = await startChildServer('./app-server.ts', env);
  const bare = await startChildServer('./bare-server.ts', env).catch(async (error) => {
    await app.stop();
    throw error;
  });
  try {
    const checked = Math.min(200, paths.length);
    const withBenefits = await checkSameAnswers(app, bare, paths.slice(0, checked));
    console.info(`answers checked: app and bare agree on ${checked} ID numbers (${withBenefits} with benefits)\n`);
    const servers = { app, bare };
    const runs: Record<'app' | 'bare', LoadRun[]> = { app: [], bare: [] };
    const warmedUp = new Set<string>();
    for (const target of measuringOrder(options.rounds)) {
      const { origin } = servers[target];
      if (!warmedUp.has(target) && options.warmupSeconds > 0) {
        await runLoad(origin, paths, { ...options, durationSeconds: options.warmupSeconds });
      }
      warmedUp.add(target);
      runs[target].push(await runLoad(origin, paths, options));
    }
    const appFigures = summarizeRuns(runs.app);
    const bareFigures = summarizeRuns(runs.bare);
    console.info(
      formatFiguresTable([
        { target: 'app (Fastify buildApp, startServer)', figures: appFigures },
        { target: 'bare (node:http + pg)', figures: bareFigures },
      ]),
    );
    console.info(`\n${formatRatios(appFigures, bareFigures)}`);
    return { app: appFigures, bare: bareFigures };
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
  }
}
