#!/usr/bin/env node
/**
 * First-load budgets (issue 40 item 1), checked by `npm run build` after the apps are built and on
 * their own by `npm run size`: the JavaScript a route's first load fetches, brotli-compressed, must
 * stay within its budget. The scripts are read from each app's build (`dist/`) by following Vite's
 * manifest (`dist/.vite/manifest.json`): the entry (`index.html`), its static imports, and the route
 * module's own chunk with its static imports when the route is loaded lazily. Each file is counted
 * by the size of its `.br` copy, the one the server sends (brotli quality 11 when there is none).
 *
 * Prints, per app, every file with its raw and brotli size, the total against the budget and the
 * largest modules of the first load (packages grouped; raw minified bytes read from the hidden
 * source maps with source-map-explorer). Exits 1 when any app is over its budget or its build
 * cannot be read (missing manifest, route module not found in the first load), or when the first
 * load's JavaScript uses a Mantine class its stylesheets lack (decision 076: a component shown
 * unstyled).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { explore } from 'source-map-explorer';
import { failCommandLine, parseCommandLine } from './lib/command-line.mjs';
import { missingMantineClasses } from './lib/mantine-classes.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const command = 'npm run size';

/**
 * The budgets: `routeModule` is the route's page module as the manifest names it (relative to the
 * app's folder); `budget` is the enforced ceiling and `target` the issue's goal (issue 40: member
 * 120 kB, back office 150 kB), both in bytes of brotli-compressed JavaScript (1 kB = 1000 bytes).
 * Where the target is not met yet the ceiling is today's size plus about 1%: no file may grow;
 * lower the ceiling whenever the first load shrinks, down to the target. An app (`name`, what
 * `--only` selects) may have several routes.
 */
export const BUDGETS = [
  {
    name: 'web',
    app: 'member app',
    dist: 'apps/web/dist',
    route: '/auth/search',
    routeModule: 'src/app/routes/auth/search.tsx',
    budget: 120_000,
    target: 120_000,
  },
  {
    // The sign-up form, the first page of a member who follows a search's result (issue 40 item 2):
    // the entry (with the page's title) plus the form's own chunk; its terms dialog loads when opened.
    name: 'web',
    app: 'member app',
    dist: 'apps/web/dist',
    route: '/sign-up/:idNumber',
    routeModule: 'src/app/routes/sign-up-form.tsx',
    budget: 132_000,
    target: 132_000,
  },
  {
    name: 'admin',
    app: 'back office',
    dist: 'apps/admin/dist',
    route: '/admin/sign-in',
    routeModule: 'src/features/auth/sign-in-page.tsx',
    budget: 150_000,
    target: 150_000,
  },
];

/** How many of the largest modules are listed per app. */
const TOP_MODULES = 12;

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * The chunks (manifest entries) a first load of `budget.route` fetches: the entry, the route's own
 * chunk when it has one, and every static import of those, transitively, in load order; `files` are
 * their scripts, `styles` their stylesheets. Throws when the build has no manifest.
 */
export function firstLoadChunks(budget) {
  const manifestFile = join(ROOT, budget.dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${budget.dist}/.vite/manifest.json is missing: build the app first (npm run build)`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const roots = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (manifest[budget.routeModule]) roots.push(budget.routeModule);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const key of roots) visit(key);
  return {
    ownChunk: Boolean(manifest[budget.routeModule]),
    files: [...new Set([...seen].map((key) => manifest[key].file))],
    styles: [...new Set([...seen].flatMap((key) => manifest[key].css ?? []))],
  };
}

/** Raw and brotli size (bytes) of one built file; brotli is its `.br` copy's size when there is one. */
function fileSizes(path) {
  const raw = readFileSync(path);
  const brotli = existsSync(`${path}.br`)
    ? readFileSync(`${path}.br`).length
    : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: raw.length, brotli };
}

/**
 * The first load's modules by raw minified bytes, largest first (`node_modules` files grouped by
 * package, e.g. `zod`), from the files' source maps. Empty when no file has a map.
 */
async function largestModules(paths) {
  const bundles = paths.filter((path) => existsSync(`${path}.map`)).map((path) => ({ code: path, map: `${path}.map` }));
  if (bundles.length === 0) return { modules: [], sources: new Set() };
  const result = await explore(bundles, { output: { format: 'json' }, noBorderChecks: true });
  const totals = new Map();
  const sources = new Set();
  for (const bundle of result.bundles) {
    for (const [source, { size }] of Object.entries(bundle.files)) {
      sources.add(source);
      const packageMatch = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      const name = packageMatch ? packageMatch[1] : source.replace(/^(\.\.\/)+/, '');
      totals.set(name, (totals.get(name) ?? 0) + size);
    }
  }
  const modules = [...totals].sort((a, b) => b[1] - a[1]).map(([name, size]) => ({ name, size }));
  return { modules, sources };
}

/**
 * Checks one app's first load against its budget and prints the figures. Returns true when it is
 * within the budget and its stylesheets define every Mantine class its JavaScript uses.
 */
export async function checkBudget(budget, log = console.info) {
  const { ownChunk, files, styles } = firstLoadChunks(budget);
  const paths = files.map((file) => join(ROOT, budget.dist, file));
  const rows = paths.map((path, index) => ({ file: files[index], ...fileSizes(path) }));
  const total = rows.reduce((sum, row) => sum + row.brotli, 0);
  const { modules, sources } = await largestModules(paths);
  const within = total <= budget.budget;
  const routeFound = ownChunk || [...sources].some((source) => source.endsWith(budget.routeModule));
  log(
    `first load of ${budget.app} ${budget.route}: ${kB(total)} brotli of JavaScript, budget ${kB(budget.budget)}` +
      ` — ${within ? 'within' : `OVER by ${kB(total - budget.budget)}`}` +
      (total > budget.target ? ` (target ${kB(budget.target)} not met yet)` : ''),
  );
  log(`  ${'brotli'.padStart(9)} ${'raw'.padStart(9)}  file (${budget.dist})`);
  for (const row of rows.sort((a, b) => b.brotli - a.brotli)) {
    log(`  ${kB(row.brotli).padStart(9)} ${kB(row.raw).padStart(9)}  ${row.file}`);
  }
  if (modules.length > 0) {
    log(`  largest modules (raw minified bytes from the source maps):`);
    for (const { name, size } of modules.slice(0, TOP_MODULES)) log(`  ${kB(size).padStart(9)}  ${name}`);
  }
  const unstyled = missingMantineClasses(
    join(ROOT, budget.dist, 'assets'),
    paths,
    styles.map((file) => join(ROOT, budget.dist, file)),
  );
  if (unstyled.length > 0) {
    log(
      `  the first load uses Mantine classes its CSS lacks (${unstyled.join(', ')}): add the components' CSS` +
        ' to the first-load stylesheet (apps/web/src/styles/mantine-first-load.css)',
    );
  }
  if (!routeFound) {
    log(`  ${budget.routeModule} is in none of these files: the route's module moved; update BUDGETS in this script`);
  }
  return within && routeFound && unstyled.length === 0;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  const { values } = parseCommandLine({
    command,
    usage: `
Usage: ${command} [-- --only APP[,APP...]]

Checks the first-load budgets of the built apps (brotli-compressed JavaScript the first route
fetches): ${BUDGETS.map((budget) => `${budget.app} ${budget.route} <= ${kB(budget.budget)}`).join(', ')}.
Reads apps/*/dist (run npm run build first; the build runs this check itself). Prints every file
of the first load and the largest modules; exits 1 when an app is over its budget.

  --only APP   check only these apps (${[...new Set(BUDGETS.map((budget) => budget.name))].join(', ')})
  -h, --help   this text`,
    options: { only: { type: 'string' } },
  });
  const only = values.only?.split(',').map((name) => name.trim());
  for (const name of only ?? []) {
    if (!BUDGETS.some((budget) => budget.name === name)) failCommandLine(command, `unknown app ${name}`);
  }
  let passed = true;
  for (const budget of BUDGETS.filter((candidate) => !only || only.includes(candidate.name))) {
    try {
      passed = (await checkBudget(budget)) && passed;
    } catch (error) {
      console.error(`first load of ${budget.app}: ${error.message}`);
      passed = false;
    }
  }
  if (!passed) {
    console.error('first-load budget exceeded (docs/benchmarks.md, "First-load budgets", says how to read this)');
    process.exit(1);
  }
}
