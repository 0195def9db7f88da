#!/usr/bin/env node
/**
 * `npm run build` (and so `npm start`, issue 23 item 4): builds the contract, the web app, the back office and the
 * server, each only when its inputs changed since its last successful build. A step's inputs (its
 * sources, configuration, the lockfile and, for the web app, `BASE_PATH` and `VITE_*`) are hashed
 * (SHA-256 of every file's path and content); the hash of the last build is kept in
 * `node_modules/.cache/bcp-build/<step>.json`. A step whose output is missing is built whatever
 * the hash says. `--force` builds everything. Last, the apps' first-load budgets are checked
 * (`scripts/first-load-budget.mjs`, issue 40 item 1): over a budget, the build fails.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { failCommandLine, parseCommandLine } from './lib/command-line.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'bcp-build');
const SHARED = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const CONTRACT = ['packages/contract/src', 'packages/contract/package.json', 'packages/contract/tsconfig.build.json'];
/** The browser apps' shared HTTP client (source only, bundled by each app). */
const WEB_CLIENT = ['packages/web-client/src', 'packages/web-client/package.json'];

/** The steps, in order: workspace, the output that must exist, the inputs (files or folders). */
const STEPS = [
  { workspace: '@bcp/contract', name: 'contract', output: 'packages/contract/dist/index.js', inputs: CONTRACT },
  {
    workspace: '@bcp/web',
    name: 'web',
    output: 'apps/web/dist/index.html',
    inputs: [
      ...CONTRACT,
      ...WEB_CLIENT,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
    ],
    env: (name) => name === 'BASE_PATH' || name.startsWith('VITE_'),
  },
  {
    workspace: '@bcp/admin',
    name: 'admin',
    output: 'apps/admin/dist/index.html',
    inputs: [
      ...CONTRACT,
      ...WEB_CLIENT,
      'apps/admin/src',
      'apps/admin/public',
      'apps/admin/index.html',
      'apps/admin/vite.config.ts',
      'apps/admin/package.json',
      'apps/admin/tsconfig.json',
    ],
    env: (name) => name.startsWith('VITE_'),
  },
  {
    workspace: '@bcp/api',
    name: 'api',
    output: 'apps/api/dist/main.js',
    inputs: [...CONTRACT, 'apps/api/src', 'apps/api/package.json', 'apps/api/tsconfig.build.json'],
  },
];

const { values } = parseCommandLine({
  command: 'npm run build',
  usage: `
Usage: npm run build [-- --force] [-- --only STEP[,STEP...]]

Builds the contract, the web app (apps/web/dist), the back office (apps/admin/dist) and the server
(apps/api/dist), each only when
its sources, configuration or the lockfile changed since its last build; says which it skips.
npm start runs this first, so it serves an up-to-date build.

  --force      build everything again
  --only       build only these steps (${STEPS.map((step) => step.name).join(', ')}); \`npm test\`
               builds the contract first this way, so the unit tests need not wait for the rest
  -h, --help   this text`,
  options: { force: { type: 'boolean', default: false }, only: { type: 'string' } },
});

const only = values.only?.split(',').map((name) => name.trim());
for (const name of only ?? []) {
  if (!STEPS.some((step) => step.name === name)) failCommandLine('npm run build', `unknown step ${name}`);
}

/** Every file under `path` (a file or a folder), relative to the root, sorted. */
function listFiles(path) {
  const absolute = join(ROOT, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

/** SHA-256 over the step's input files (path and content) and its environment variables. */
function fingerprint(step) {
  const hash = createHash('sha256');
  for (const file of [...SHARED, ...step.inputs].flatMap(listFiles)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  const names = step.env ? Object.keys(process.env).filter(step.env).sort() : [];
  for (const name of names) hash.update(`${name}=${process.env[name]}\0`);
  return hash.digest('hex');
}

mkdirSync(CACHE, { recursive: true });
for (const step of STEPS.filter((candidate) => !only || only.includes(candidate.name))) {
  const stampFile = join(CACHE, `${step.name}.json`);
  const inputs = fingerprint(step);
  const last = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')).inputs : undefined;
  if (!values.force && last === inputs && existsSync(join(ROOT, step.output))) {
    console.info(
      `build: ${step.name} is up to date (unchanged since its last build; npm run build -- --force rebuilds)`,
    );
    continue;
  }
  rmSync(stampFile, { force: true });
  console.info(`build: ${step.name}${values.force ? ' (--force)' : last ? ' (changed)' : ''}`);
  try {
    execFileSync('npm', ['run', 'build', '-w', step.workspace], { cwd: ROOT, stdio: 'inherit' });
  } catch {
    console.error(`build: ${step.name} failed`);
    process.exit(1);
  }
  writeFileSync(stampFile, `${JSON.stringify({ inputs, builtAt: new Date().toISOString() })}\n`);
}

// The first-load budgets (issue 40 item 1): every build of the apps ends with the check, which
// fails the build when a route's first load is over its budget (scripts/first-load-budget.mjs).
const checked = ['web', 'admin'].filter((name) => !only || only.includes(name));
if (checked.length > 0) {
  try {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'first-load-budget.mjs'), '--only', checked.join(',')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  } catch {
    console.error('build: first-load budget exceeded (npm run size prints the same figures)');
    process.exit(1);
  }
}
