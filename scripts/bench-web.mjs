#!/usr/bin/env node
/**
 * `npm run bench:web` (issue 14 item 7): builds the product, serves the build with the real server
 * on a fresh embedded database (port 4420, or --port), and measures the first load of each route
 * in Debian's Chromium with Lighthouse (mobile emulation, simulated throttling): compressed
 * JavaScript and total bytes transferred, the performance, accessibility and best-practices
 * scores, the simulated LCP and total blocking time and the main thread's work. Each figure is the
 * median of --rounds (at least 3) fresh-browser rounds; the load average is printed before, with
 * each round and after. `--skip-build` measures the existing build; `--routes` some of the routes.
 * Also the back office's first route, `/admin/sign-in` (issue 19).
 * BENCH_WEB_REPORT_DIR=DIR keeps each round's whole Lighthouse report (JSON) there, to read where
 * the main thread's time goes (`bootup-time`, `long-tasks`, `mainthread-work-breakdown`).
 * Targets: `/auth/search` at most 120 kB of compressed JavaScript and 200 kB in total;
 * performance >= 90 and accessibility 100.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { CHROMIUM, lighthouseRound } from './bench-web/lighthouse-round.mjs';
import { signedInMember } from './bench-web/member.mjs';
import { startServer } from './bench-web/server.mjs';
import { failCommandLine, parseCommandLine } from './lib/command-line.mjs';

const command = 'npm run bench:web';
const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} -- [--rounds N] [--port PORT] [--skip-build] [--routes PATH[,PATH...]]

Builds the product, serves it with the real server on a fresh embedded database and measures
the first load of each route in Chromium with Lighthouse (README "Performance (web app)").

  --rounds N     fresh-browser rounds per route, at least 3 (default 3)
  --port PORT    the server's port (default 4420)
  --skip-build   measure the existing build
  --routes PATHS measure only these of the routes (e.g. /sign-up/8001015009087)
  -h, --help     this text

Set BENCH_WEB_REPORT_DIR=DIR to keep each round's whole Lighthouse report (JSON) in DIR.`,
  options: {
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '4420' },
    'skip-build': { type: 'boolean', default: false },
    routes: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 3) failCommandLine(command, '--rounds must be a whole number >= 3');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) failCommandLine(command, '--port must be a port number');

/** The routes measured (`--routes` picks some): the member app's, then the back office's; `signedIn`: with a member's session. */
const ROUTES = [
  { path: '/auth/search' },
  { path: '/auth/login' },
  { path: '/sign-up/8001015009087' },
  { path: '/benefits', signedIn: true },
  // The back office's first route (issue 19), as a member of staff first opens it.
  { path: '/admin/sign-in' },
];
const only = values.routes?.split(',').map((path) => path.trim());
for (const path of only ?? []) {
  if (!ROUTES.some((route) => route.path === path)) {
    failCommandLine(command, `unknown route ${path} (one of ${ROUTES.map((route) => route.path).join(', ')})`);
  }
}

/** A demo member (README "Demo data") with benefits, signed up afresh on the bench database. */
const MEMBER = { idNumber: '8404181207081', phone: '+27725550101', email: 'lerato.mokoena@example.co.za' };
const PASSWORD = 'Sunshine#2026';
const BUDGET = {
  route: '/auth/search',
  scriptBytes: 120_000,
  totalBytes: 200_000,
  performance: 90,
  accessibility: 100,
};

const describeLoad = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `lighthouseRound`, tried again (up to 3 times) when Lighthouse fails to record the load (e.g. NO_NAVSTART). */
async function measure(url, storage) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRound(url, storage);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${url}: ${error.message}; trying again`);
    }
  }
}

// Checked before the server starts: a browser that cannot start would leave the server running.
if (!existsSync(CHROMIUM)) {
  failCommandLine(command, `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH, or run node scripts/ensure-test-tools.mjs)`);
}
if (!values['skip-build']) execSync('npm run build', { cwd: resolve(import.meta.dirname, '..'), stdio: 'inherit' });
console.info(`bench:web ${new Date().toISOString()}, ${rounds} rounds; before: ${describeLoad()}`);
const server = await startServer(port);
// Stopped early (Ctrl+C): stop the server too (chrome-launcher closes its browser itself).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.stop().then(() => process.exit(130)));
}
try {
  const chosen = ROUTES.filter((route) => !only || only.includes(route.path));
  const apiToken = chosen.some((route) => route.signedIn)
    ? await signedInMember(server.baseUrl, MEMBER, PASSWORD)
    : undefined;
  const routes = chosen.map((route) => ({
    path: route.path,
    storage: route.signedIn ? { apiToken, verified: 'true' } : undefined,
  }));
  const results = new Map(routes.map((route) => [route.path, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const route of routes) {
      const result = await measure(`${server.baseUrl}${route.path}`, route.storage);
      if (new URL(result.finalUrl).pathname !== route.path) {
        throw new Error(`${route.path} ended on ${result.finalUrl}: the page was not measured`);
      }
      results.get(route.path).push(result);
      console.info(
        `round ${round} ${route.path}: JS ${kB(result.scriptBytes)}, total ${kB(result.totalBytes)}, ` +
          `performance ${result.performance}, accessibility ${result.accessibility}, best practices ${result.bestPractices}, ` +
          `LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, main thread ${result.mainThreadMs} ms; ${describeLoad()}`,
      );
    }
  }
  console.info(`\nMedian of ${rounds} rounds (Lighthouse mobile; bytes as transferred, compressed):`);
  console.info(
    'route                   JS (compressed)  total transferred  performance  accessibility  best practices' +
      '  LCP (ms)  TBT (ms)  main thread (ms)',
  );
  for (const [path, list] of results) {
    const m = (key) => median(list.map((result) => result[key]));
    console.info(
      `${path.padEnd(24)}${kB(m('scriptBytes')).padStart(15)}${kB(m('totalBytes')).padStart(19)}` +
        `${String(m('performance')).padStart(13)}${String(m('accessibility')).padStart(15)}${String(m('bestPractices')).padStart(16)}` +
        `${String(m('lcpMs')).padStart(10)}${String(m('tbtMs')).padStart(10)}${String(m('mainThreadMs')).padStart(18)}`,
    );
    const failing = [...new Set(list.flatMap((result) => result.failingAccessibility))];
    if (failing.length) console.info(`${''.padEnd(24)}accessibility audits failing: ${failing.join(', ')}`);
  }
  const search = results.get(BUDGET.route);
  // The targets of issue 14 item 7, when the search page was measured.
  if (search) {
    const within = (key, limit, atMost) =>
      atMost ? median(search.map((r) => r[key])) <= limit : median(search.map((r) => r[key])) >= limit;
    console.info(
      `\nTargets for ${BUDGET.route}: JS <= ${kB(BUDGET.scriptBytes)} ${within('scriptBytes', BUDGET.scriptBytes, true) ? 'met' : 'NOT met'}; ` +
        `total <= ${kB(BUDGET.totalBytes)} ${within('totalBytes', BUDGET.totalBytes, true) ? 'met' : 'NOT met'}; ` +
        `performance >= ${BUDGET.performance} ${within('performance', BUDGET.performance, false) ? 'met' : 'NOT met'}; ` +
        `accessibility ${BUDGET.accessibility} ${within('accessibility', BUDGET.accessibility, false) ? 'met' : 'NOT met'}`,
    );
  }
  console.info(`after: ${describeLoad()}`);
} finally {
  await server.stop();
}
