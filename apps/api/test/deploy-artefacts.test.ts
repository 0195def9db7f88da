import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

/**
 * The deployment artefacts of issue 37 item 4 (README "Deploy"), checked without a Docker daemon:
 * the Dockerfile's key properties, read line by line (hadolint is not available here: its npm
 * package downloads a binary); the production entry points load no development dependency, so
 * the image's `npm ci --omit=dev` is enough; compose.yaml is valid (`docker-compose config -q`);
 * and the example environment files start a production configuration.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** One instruction of a Dockerfile: its keyword (upper case) and arguments, continuation lines joined. */
interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's build stages, each its `FROM` arguments and its instructions in order. */
function dockerfileStages(text: string): { from: string; instructions: Instruction[] }[] {
  const logical: string[] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (pending === '' && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (trimmed.startsWith('#')) continue;
    if (trimmed.endsWith('\\')) {
      pending += `${trimmed.slice(0, -1)} `;
      continue;
    }
    logical.push(pending + trimmed);
    pending = '';
  }
  const stages: { from: string; instructions: Instruction[] }[] = [];
  for (const entry of logical) {
    const space = entry.indexOf(' ');
    const instruction = { keyword: entry.slice(0, space).toUpperCase(), args: entry.slice(space + 1).trim() };
    if (instruction.keyword === 'FROM') stages.push({ from: instruction.args, instructions: [] });
    else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

describe('the Dockerfile', () => {
  const stages = dockerfileStages(read('Dockerfile'));
  const runtime = stages.at(-1)?.instructions ?? [];
  const keywords = runtime.map((instruction) => instruction.keyword);

  it('is multi-stage: a build stage, then a runtime stage, both on a pinned node:20-bookworm-slim', () => {
    expect(stages.map((stage) => stage.from)).toEqual([
      'node:20-bookworm-slim AS build',
      'node:20-bookworm-slim AS runtime',
    ]);
    for (const stage of stages) {
      const image = stage.from.split(' ')[0] as string;
      expect(image, 'every base image has a tag, and not latest').toMatch(/^[\w./-]+:[\w.-]+$/);
      expect(image).not.toMatch(/:latest$/);
    }
  });

  it('builds with every dependency and runs with production dependencies only', () => {
    const buildRuns = stages[0]?.instructions.filter((instruction) => instruction.keyword === 'RUN') ?? [];
    expect(buildRuns.map((instruction) => instruction.args)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^npm ci\b/), 'npm run build']),
    );
    const runtimeRuns = runtime.filter((instruction) => instruction.keyword === 'RUN');
    const installs = runtimeRuns.filter((instruction) => /\bnpm (ci|install)\b/.test(instruction.args));
    expect(installs).toHaveLength(1);
    expect(installs[0]?.args).toMatch(/^npm ci --omit=dev\b/);
    expect(runtimeRuns.some((instruction) => instruction.args.includes('npm run build'))).toBe(false);
  });

  it('copies what the compiled server and migrate command need from the build stage', () => {
    const copied = runtime
      .filter((instruction) => instruction.keyword === 'COPY' && instruction.args.startsWith('--from=build '))
      .map((instruction) => instruction.args.split(/\s+/)[1]);
    expect(copied).toEqual(
      expect.arrayContaining([
        '/app/packages/contract/dist',
        '/app/apps/api/dist',
        '/app/apps/api/drizzle',
        '/app/apps/web/dist',
        '/app/apps/admin/dist',
        // migrate.cli.js imports scripts/lib/command-line.mjs.
        '/app/scripts/lib',
      ]),
    );
    // The migrate command is compiled although other *.cli.ts are not.
    expect(JSON.parse(read('apps/api/tsconfig.build.json')).files).toContain('src/db/migrate.cli.ts');
  });

  it('runs as a non-root user, set before the command', () => {
    const userAt = keywords.lastIndexOf('USER');
    expect(userAt).toBeGreaterThanOrEqual(0);
    expect(runtime[userAt]?.args).not.toMatch(/^(root|0)(:|$)/);
    expect(userAt).toBeLessThan(keywords.indexOf('CMD'));
    expect(keywords.slice(userAt).includes('RUN'), 'nothing runs as root after USER').toBe(false);
  });

  it('exposes 3000, checks readiness with node (no curl in slim), and starts the compiled server', () => {
    expect(runtime.find((instruction) => instruction.keyword === 'EXPOSE')?.args).toBe('3000');
    const healthcheck = runtime.find((instruction) => instruction.keyword === 'HEALTHCHECK')?.args ?? '';
    expect(healthcheck).toMatch(/CMD \["node", "-e", ".*\/api\/ready/);
    expect(healthcheck).not.toContain('curl');
    expect(runtime.at(-1)).toEqual({ keyword: 'CMD', args: '["node", "apps/api/dist/main.js"]' });
  });

  it('keeps dependencies, builds and local data out of the build context (.dockerignore)', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.data', '.git']));
    expect(ignored).toEqual(expect.arrayContaining(['deploy/production.env', 'deploy/compose.env']));
  });
});

/**
 * The bare package names the production entry points load: their static imports and literal
 * dynamic imports, followed through our own files, except `lazyOnly` (loaded only outside production).
 */
function packagesLoaded(entries: string[], lazyOnly: string[]): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const specifiers: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
        specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
        specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        specifiers.push(node.arguments[0].text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (lazyOnly.some((lazy) => target.endsWith(lazy))) continue;
        queue.push(target.endsWith('.js') && !existsSync(target) ? target.replace(/\.js$/, '.ts') : target);
      } else if (!specifier.startsWith('node:')) {
        const parts = specifier.split('/');
        packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
      }
    }
  }
  return packages;
}

describe('production dependencies only (npm ci --omit=dev)', () => {
  it('the server and the migrate command load no development dependency', () => {
    const api = JSON.parse(read('apps/api/package.json'));
    const root = JSON.parse(read('package.json'));
    const development = new Set([...Object.keys(api.devDependencies), ...Object.keys(root.devDependencies)]);
    const loaded = packagesLoaded(
      [join(ROOT, 'apps/api/src/main.ts'), join(ROOT, 'apps/api/src/db/migrate.cli.ts')],
      // Demo data: imported lazily, and refused in production by the configuration.
      ['modules/file-uploads/demo/seed-all-demo-data.js'],
    );
    expect(loaded.has('fastify'), 'the walk reaches the server').toBe(true);
    expect(loaded.has('drizzle-orm')).toBe(true);
    expect([...loaded].filter((name) => development.has(name))).toEqual([]);
    const declared = new Set([...Object.keys(api.dependencies), '@bcp/contract']);
    expect(
      [...loaded].filter((name) => !declared.has(name)),
      'every package loaded is a dependency',
    ).toEqual([]);
  });
});

describe('compose.yaml', () => {
  /** `docker-compose` with the example env files (as `--env-file deploy/compose.env` would be). */
  function compose(args: string[]) {
    return spawnSync('docker-compose', ['--env-file', 'deploy/compose.env.example', '-f', 'compose.yaml', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, BCP_ENV_FILE: 'deploy/production.env.example' },
    });
  }

  it('is valid (docker-compose config -q) and has every service of the deployment', () => {
    const check = compose(['config', '-q']);
    if (check.error) {
      throw new Error(
        `docker-compose is needed to validate compose.yaml (Debian: apt-get install docker-compose): ${check.error.message}`,
      );
    }
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    const services = compose(['config', '--services']).stdout.trim().split('\n').sort();
    expect(services).toEqual(['api-1', 'api-2', 'create-bucket', 'migrate', 'minio', 'postgres', 'proxy', 'redis']);
  });

  it('the example settings, with what compose.yaml wires in, are a valid production configuration', () => {
    const services = parseEnv(read('deploy/compose.env.example'));
    const settings = parseEnv(read('deploy/production.env.example'));
    const config = loadConfig({
      ...settings,
      // compose.yaml's x-api-environment.
      NODE_ENV: 'production',
      DATABASE_URL: `postgres://bcp:${services.POSTGRES_PASSWORD}@postgres:5432/bcp`,
      REDIS_URL: 'redis://redis:6379',
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_BUCKET: services.S3_BUCKET,
      S3_ACCESS_KEY_ID: services.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: services.S3_SECRET_ACCESS_KEY,
      TRUST_PROXY: '1',
      DATA_DIR: '/var/lib/bcp',
    });
    expect(config.env).toBe('production');
    expect(config.files.kind).toBe('s3');
    expect(config.trustProxy).toBe(1);
    const wired = read('compose.yaml');
    for (const line of [
      'NODE_ENV: production',
      'FILE_STORE: s3',
      'TRUST_PROXY: "1"',
      'REDIS_URL: redis://redis:6379',
    ]) {
      expect(wired).toContain(line);
    }
  });
});
